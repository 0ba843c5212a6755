/** SPEC section 5 "Support form": all three fields are required. */
export function checkSupportInquiry(input: { name: string; email: string; message: string }): { title: string; description: string } | null {
  if (!input.name.trim() || !input.email.trim() || !input.message.trim()) {
    return { title: 'Please fill in all fields', description: 'Name, email, and message are required.' };
  }
  return null;
}
