// A step's saved data as label/value rows for the reviewer, in the operator's language.
import type { Language } from '@lombard/shared/locale';
import type { ProfileStep } from '@lombard/shared/profile-steps';
import type { KycReviewDetail } from '@lombard/shared/schemas/kyc-review';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/resource/format';

const countryName = (code: string, language: Language) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

export function stepRows(detail: KycReviewDetail, step: ProfileStep, t: TFunction, language: Language) {
  const p = detail.profile;
  const yes = (value: boolean) => (value ? t('kyc:detail.yes') : t('kyc:detail.no'));
  const rows: Array<[string, string]> = [];
  const add = (key: string, value: string | null | undefined) => rows.push([t(key), value || '—']);
  switch (step) {
    case 'citizenship':
      if (!p.citizenship) break;
      add(
        'profile:citizenship.citizenships',
        p.citizenship.citizenships.map((c) => countryName(c, language)).join(', '),
      );
      add('profile:citizenship.taxResidence', countryName(p.citizenship.tax_residence, language));
      add('profile:citizenship.greenCard', yes(p.citizenship.us_green_card));
      add('profile:citizenship.presenceDays', String(p.citizenship.us_presence_days));
      break;
    case 'identity':
      if (!p.identity) break;
      add('profile:identity.firstName', p.identity.first_name);
      add('profile:identity.lastName', p.identity.last_name);
      add('profile:identity.birthDate', formatDate(p.identity.birth_date, language));
      add('profile:identity.birthPlace', p.identity.birth_place);
      add('profile:identity.sex', t(`profile:identity.sexes.${p.identity.sex}`));
      add('profile:identity.taxCode', p.identity.tax_code);
      add('profile:identity.pep', yes(p.identity.politically_exposed));
      break;
    case 'addresses': {
      if (!p.addresses) break;
      const line = (a: NonNullable<typeof p.addresses>['residence']) =>
        `${a.street}, ${a.post_code} ${a.city}${a.province ? ` (${a.province})` : ''}, ${countryName(a.country, language)}`;
      add('profile:addresses.residence', line(p.addresses.residence));
      if (p.addresses.domicile) add('profile:addresses.domicile', line(p.addresses.domicile));
      break;
    }
    case 'phone-number':
      if (!p.phone) break;
      add('profile:phone.number', `${p.phone.phone}${p.phone.verified ? ` ✓ ${t('kyc:detail.verified')}` : ''}`);
      break;
    case 'occupation':
      if (!p.occupation) break;
      add('profile:occupation.occupation', t(`profile:occupation.occupations.${p.occupation.occupation}`));
      add('profile:occupation.sector', t(`profile:occupation.sectors.${p.occupation.sector}`));
      add('profile:occupation.employer', p.occupation.employer_partner_name ?? p.occupation.employer_name);
      add('profile:occupation.incomeBand', t(`kyc:incomeBands.${p.occupation.income_band}`));
      add('profile:occupation.sourceOfFunds', t(`profile:occupation.sources.${p.occupation.source_of_funds}`));
      break;
    case 'bank-account':
      if (!p.bank_account) break;
      add('profile:bankAccount.iban', p.bank_account.iban.replace(/(.{4})/g, '$1 ').trim());
      add('kyc:detail.bank', p.bank_account.bank_name);
      add('profile:bankAccount.holder', p.bank_account.holder_name);
      break;
    case 'mifid':
      if (!p.mifid) break;
      add('profile:mifid.score', `${t(`profile:mifid.levels.${p.mifid.level}`)} (${p.mifid.score})`);
      break;
    case 'kyc':
      break;
  }
  return rows;
}
