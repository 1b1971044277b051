/**
 * Creates a platform admin: `npm run create-admin -- admin@example.org`.
 * Asks for the password (twice) on a terminal, or reads one line from standard input.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { ROLE } from '../../domain/permissions';
import { loadCommonPasswords } from '../../domain/passwords';
import { email as emailField, password as passwordField } from '../../domain/schemas/fields';
import { messageText } from '../../domain/messages';
import { USER_TYPE } from '../../domain/codes';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { users } from '../db/schema';
import { assignBuiltInRole, findUserByEmail } from '../repositories/users';
import { writeLog } from '../services/audit';
import { hashPassword } from '../services/passwords';

function ask(question: string, hidden: boolean): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      if (hidden && process.stdin.isTTY) process.stdout.write('\n');
      resolve(answer);
    });
    muted = hidden && !!process.stdin.isTTY;
  });
}

async function main() {
  const email = z.object({ email: emailField() }).safeParse({ email: process.argv[2] ?? '' });
  if (!email.success) {
    process.stderr.write('usage: npm run create-admin -- <email>\n');
    process.exit(2);
  }
  const password = await ask('Password (at least 8 characters): ', true);
  await loadCommonPasswords();
  const checked = passwordField().safeParse(password);
  if (!checked.success) throw new Error(messageText(checked.error.issues[0].message));
  if (process.stdin.isTTY && (await ask('Repeat the password: ', true)) !== password)
    throw new Error(messageText('app.validation.passwordsMismatch'));

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    if (await findUserByEmail(database.db, email.data.email)) throw new Error(messageText('app.errors.emailTaken'));
    const passwordHash = await hashPassword(password);
    const id = await database.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: 'Administrator', email: email.data.email, passwordHash, type: USER_TYPE.family })
        .returning();
      await assignBuiltInRole(tx, user.id, ROLE.admin);
      await writeLog(tx, {
        actorId: null,
        action: 'create_admin',
        entity: 'user',
        entityId: user.id,
        newValue: { email: user.email, roles: [ROLE.admin] },
      });
      return user.id;
    });
    process.stdout.write(`Admin ${email.data.email} created (user ${id}). Sign in at the console.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`create-admin: ${error.message}\n`);
  process.exit(1);
});
