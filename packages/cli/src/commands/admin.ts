import { hashPassword } from '@citecheck/identity';
import type { Command } from '../commands';

async function readLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

export const adminCommand: Command = {
  name: 'admin',
  usage: 'admin hash-password',
  summary: 'hash a password read from standard input for ADMIN_PASSWORD_HASH',
  async run(args, io) {
    if (args[0] !== 'hash-password') throw new Error(`expected 'admin hash-password', got '${args[0] ?? ''}'`);
    // Read from standard input, never from the command line, where it would sit in shell history.
    const password = await readLine();
    if (password.length < 8) throw new Error('the password must be at least 8 characters long');
    io.out(await hashPassword(password));
    return 0;
  },
};
