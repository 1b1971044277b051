import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ROLE } from '../../../domain/permissions';
import type { Executor } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';
import type { TextLocale } from '../../../domain/texts';

/** The languages of the admins' mails, whose own languages are not stored: Arabic, the product's first, then English. */
export const ADMIN_MAIL_LOCALES: readonly TextLocale[] = ['ar', 'en'];

/** The active platform admins (role admin), who are told of every order and answer. */
export async function platformAdmins(db: Executor): Promise<{ id: number; email: string; name: string }[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.key, ROLE.admin), eq(users.removed, 0)))
    .orderBy(users.id);
}

/** The console's address for links in mails: PUBLIC_URL (config.publicUrl), never a request's Host header. */
export const consoleBase = (app: FastifyInstance) => app.config.publicUrl;

/** One line of a header: no line breaks (a subject built from what a visitor typed). */
export const headerText = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);

/**
 * Mails each platform admin, after the answer is sent: what the visitor
 * sent is already stored, so a mail server that is down or refuses only
 * costs the mail, which is logged. Runs as a background job (server/services/background.ts).
 */
export function mailAdminsLater(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  mail: { subject: string; text: string; replyTo?: string },
  event: string,
): void {
  // on the app's background runner: the app waits for it when it closes, and tests can await it (idle())
  app.background.run(`${event}.mail`, async () => {
    try {
      const admins = await platformAdmins(app.db);
      let sent = 0;
      for (const admin of admins) {
        try {
          await app.mailer.send({ to: admin.email, ...mail, subject: headerText(mail.subject) });
          sent++;
        } catch (error) {
          log.error(
            { event: `${event}.mailFailed`, adminId: admin.id, err: error },
            'mail to an admin failed; the record is stored',
          );
        }
      }
      log.info({ event: `${event}.mailed`, admins: admins.length, sent }, 'admins mailed');
    } catch (error) {
      log.error({ event: `${event}.mailFailed`, err: error }, 'could not mail the admins');
    }
  });
}
