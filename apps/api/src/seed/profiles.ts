// Demo profiles, filled in through the same services as a person's own answers. The base user has done
// half: citizenship approved and identity submitted, waiting for an operator. The lead and the customer
// have every step filled in; `approveDemoProfiles` approves them after their documents are filed.
import { computeTaxCode } from '@lombard/shared/codice-fiscale';
import { PROFILE_STEPS } from '@lombard/shared/profile-steps';
import {
  addressesSchema,
  bankAccountSchema,
  citizenshipSchema,
  identitySchema,
  occupationSchema,
} from '@lombard/shared/schemas/profile';
import type { Queryable } from '../db/client';
import { codeInText, messagesTo } from '../lib/outbox';
import { getAccountByEmail } from '../modules/account/service';
import {
  decideStep,
  PHONE_VERIFICATION_PURPOSE,
  saveAddresses,
  saveBankAccount,
  saveCitizenship,
  saveIdentity,
  saveOccupation,
  sendPhoneCode,
  stepDataComplete,
  stepStatus,
  verifyPhone,
} from '../modules/profile/service';

export interface DemoPerson {
  email: string;
  sex: 'M' | 'F';
  birthDate: string;
  birthPlace: string;
  /** Cadastral code of the birth place (the tax code's place part). */
  placeCode: string;
  street: string;
  city: string;
  province: string;
  postCode: string;
  phone: string;
  iban: string;
}

const PEOPLE: Record<string, DemoPerson> = {
  base: {
    email: 'base@demo.lombard.test',
    sex: 'F',
    birthDate: '1992-05-14',
    birthPlace: 'Bologna',
    placeCode: 'A944',
    street: 'Via dell’Indipendenza 21',
    city: 'Bologna',
    province: 'BO',
    postCode: '40121',
    phone: '+393331112233',
    iban: 'IT60X0542811101000000123456',
  },
  lead: {
    email: 'lead@demo.lombard.test',
    sex: 'M',
    birthDate: '1984-09-03',
    birthPlace: 'Milano',
    placeCode: 'F205',
    street: 'Via Giuseppe Verdi 12',
    city: 'Milano',
    province: 'MI',
    postCode: '20121',
    phone: '+393334445566',
    iban: 'IT42L1234512345123456789012',
  },
  customer: {
    email: 'customer@demo.lombard.test',
    sex: 'F',
    birthDate: '1978-02-21',
    birthPlace: 'Torino',
    placeCode: 'L219',
    street: 'Corso Vittorio Emanuele II 88',
    city: 'Torino',
    province: 'TO',
    postCode: '10121',
    phone: '+393337778899',
    iban: 'IT41S0306909606100000012345',
  },
};

const person = (db: Queryable, email: string) => getAccountByEmail(db, email);

/** Fills in a person's profile as a user would (`full`: every tab; otherwise citizenship and identity). */
export async function fillIn(db: Queryable, p: DemoPerson, full: boolean) {
  const user = await person(db, p.email);
  if (!user) return;
  const now = new Date();
  await saveCitizenship(
    db,
    user.id,
    citizenshipSchema.parse({ citizenships: ['IT'], tax_residence: 'IT', us_green_card: false, us_presence_days: 0 }),
    now,
  );
  const identity = { first_name: user.firstName, last_name: user.lastName, birth_date: p.birthDate, sex: p.sex };
  await saveIdentity(
    db,
    user.id,
    identitySchema.parse({
      ...identity,
      birth_place: p.birthPlace,
      tax_code: computeTaxCode(identity, p.placeCode),
      politically_exposed: false,
    }),
    now,
  );
  if (!full) return;
  const residence = { country: 'IT', province: p.province, city: p.city, post_code: p.postCode, street: p.street };
  await saveAddresses(db, user.id, addressesSchema.parse({ residence, domicile_differs: false }), now);
  await sendPhoneCode(db, { userId: user.id, phone: p.phone, language: 'it', now });
  // Seeding runs before the outbox delivers anything: the SMS is still pending, its text holds the code.
  const [sms] = await messagesTo(db, p.phone, PHONE_VERIFICATION_PURPOSE);
  await verifyPhone(db, { userId: user.id, code: codeInText(sms?.text ?? '') ?? '', now });
  await saveOccupation(
    db,
    user.id,
    occupationSchema.parse({
      occupation: 'manager',
      sector: 'information_technology',
      employer_name: 'Alpina Software S.p.A.',
      income_band: 'band_3',
      source_of_funds: 'salary',
    }),
    now,
  );
  await saveBankAccount(
    db,
    user.id,
    bankAccountSchema.parse({ iban: p.iban, holder_name: `${user.firstName} ${user.lastName}` }),
    now,
  );
}

/** The demo people who fill in every tab, the MiFID questionnaire included. */
export const DEMO_INVESTOR_EMAILS = ['lead@demo.lombard.test', 'customer@demo.lombard.test'] as const;

/** The demo profiles' data, before the documents are filed. */
export async function seedDemoProfiles(db: Queryable) {
  await fillIn(db, PEOPLE.base!, false);
  await fillIn(db, PEOPLE.lead!, true);
  await fillIn(db, PEOPLE.customer!, true);
}

/** The demo admin approves every waiting step of the demo lead and customer (after their documents). */
export async function approveDemoProfiles(db: Queryable) {
  const admin = await person(db, 'admin@demo.lombard.test');
  for (const email of [PEOPLE.lead!.email, PEOPLE.customer!.email]) {
    const id = (await person(db, email))?.id;
    if (id === undefined) continue;
    for (const step of PROFILE_STEPS) {
      if ((await stepStatus(db, id, step)) !== 'submitted') continue;
      const complete = step === 'kyc' ? true : await stepDataComplete(db, id, step);
      await decideStep(db, { userId: id, step, decision: 'approve', operatorId: admin?.id ?? id, complete });
    }
  }
  // The base user's citizenship was accepted; its identity still waits.
  const base = await person(db, PEOPLE.base!.email);
  if (base && (await stepStatus(db, base.id, 'citizenship')) === 'submitted') {
    await decideStep(db, {
      userId: base.id,
      step: 'citizenship',
      decision: 'approve',
      operatorId: admin?.id ?? base.id,
      complete: true,
    });
  }
}
