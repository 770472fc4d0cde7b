// Demo MiFID answers, submitted through the questionnaire's own service.
import type { Queryable } from '../db/client';
import { translator } from '../lib/i18n';
import { getAccountByEmail } from '../modules/account/service';
import { bestAnswers, submitAnswers } from '../modules/mifid/service';

/** Each of these demo people answers as an experienced investor: the best answer to every question. */
export async function seedDemoMifidAnswers(db: Queryable, emails: readonly string[]) {
  const now = new Date();
  for (const email of emails) {
    const user = await getAccountByEmail(db, email);
    if (!user) continue;
    await submitAnswers(db, { userId: user.id, answers: await bestAnswers(db), now }, translator('it'));
  }
}
