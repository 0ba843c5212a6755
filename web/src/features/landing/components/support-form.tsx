import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { env } from '@/config/env';
import { useSendSupportInquiry } from '@/features/landing/api/send-support-inquiry';
import { checkSupportInquiry } from '@/features/landing/lib/support';

export function SupportForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendSupportInquiry();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkSupportInquiry({ name, email, message });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    try {
      await send.mutateAsync({ name: name.trim(), email: email.trim(), message: message.trim() });
      toast({ title: 'Support inquiry sent', description: "We'll get back to you by email." });
      setName('');
      setEmail('');
      setMessage('');
    } catch {
      toast({
        title: 'Error sending message',
        description: `Please try again or email us directly${env.SUPPORT_EMAIL ? ` at ${env.SUPPORT_EMAIL}` : ''}`,
        variant: 'destructive',
      });
    }
  }

  return (
    <Card data-testid="support-section" aria-labelledby="support-title">
      <CardTitle id="support-title">Contact Support</CardTitle>
      <Muted>Questions about a report, your account or billing? Write to us.</Muted>
      {/* noValidate: the SPEC's own toast reports missing fields, not the browser's bubble. */}
      <form onSubmit={onSubmit} noValidate data-testid="support-form" style={{ marginTop: '1rem' }}>
        <TextField label="Name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextAreaField label="Message" name="message" value={message} onChange={(e) => setMessage(e.target.value)} />
        <Button type="submit" disabled={send.isPending} data-testid="support-submit">
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Card>
  );
}
