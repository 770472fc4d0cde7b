import referenceLibrary from 'codice-fiscale-js';
import { describe, expect, it } from 'vitest';
import { computeTaxCode, firstNameCode, surnameCode, taxCodeFormatProblem, taxCodeProblem } from './codice-fiscale';

// The package's types declare a default export; its CommonJS build exports { CodiceFiscale }.
const CodiceFiscale = (referenceLibrary as unknown as { CodiceFiscale: typeof referenceLibrary }).CodiceFiscale;

const mario = { first_name: 'Mario', last_name: 'Rossi', birth_date: '1985-03-15', sex: 'M' as const };
const giulia = { first_name: 'Giulia', last_name: "D'Angelo", birth_date: '1990-11-02', sex: 'F' as const };

describe('Italian tax code', () => {
  it('computes the same code as codice-fiscale-js, the reference implementation', () => {
    const people = [
      { ...mario, place: 'F205', city: 'Milano', prov: 'MI' },
      { ...giulia, place: 'H501', city: 'Roma', prov: 'RM' },
      {
        first_name: 'Gianfranco',
        last_name: 'Fo',
        birth_date: '1962-07-31',
        sex: 'M' as const,
        place: 'L219',
        city: 'Torino',
        prov: 'TO',
      },
      {
        first_name: 'Eva',
        last_name: 'Nicolò',
        birth_date: '2001-01-09',
        sex: 'F' as const,
        place: 'F839',
        city: 'Napoli',
        prov: 'NA',
      },
    ];
    for (const p of people) {
      const [year, month, day] = p.birth_date.split('-').map(Number);
      const expected = CodiceFiscale.compute({
        name: p.first_name,
        surname: p.last_name,
        gender: p.sex,
        day,
        month,
        year,
        birthplace: p.city,
        birthplaceProvincia: p.prov,
      });
      expect(computeTaxCode(p, p.place)).toBe(expected);
      expect(taxCodeProblem(expected, p)).toBeNull();
    }
  });

  it('takes 1st, 3rd and 4th consonant of a name with four or more', () => {
    expect(firstNameCode('Gianfranco')).toBe('GFR');
    expect(surnameCode('Fo')).toBe('FOX');
  });

  it('refuses a wrong shape and a wrong check character', () => {
    expect(taxCodeFormatProblem('RSSMRA85C15F205')).toBe('format');
    const good = computeTaxCode(mario, 'F205');
    const wrongCheck = `${good.slice(0, 15)}${good[15] === 'A' ? 'B' : 'A'}`;
    expect(taxCodeFormatProblem(wrongCheck)).toBe('checksum');
    expect(taxCodeFormatProblem(good.toLowerCase())).toBeNull();
  });

  it('accepts an omocodic variant, as the reference library does', () => {
    const good = computeTaxCode(mario, 'F205');
    const [omocode] = CodiceFiscale.getOmocodie(good) as string[];
    expect(omocode).toBeDefined();
    expect(taxCodeProblem(omocode as string, mario)).toBeNull();
  });

  it('says which part does not fit the person', () => {
    const code = computeTaxCode(mario, 'F205');
    expect(taxCodeProblem(code, { ...mario, last_name: 'Bianchi' })).toBe('last_name');
    expect(taxCodeProblem(code, { ...mario, first_name: 'Luigi' })).toBe('first_name');
    expect(taxCodeProblem(code, { ...mario, birth_date: '1985-03-16' })).toBe('birth_date');
    expect(taxCodeProblem(code, { ...mario, sex: 'F' })).toBe('sex');
  });
});
