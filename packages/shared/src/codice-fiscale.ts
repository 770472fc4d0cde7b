// The Italian tax code (codice fiscale) by the official algorithm of the Ministry of Finance (D.M.
// 23/12/1976): a format check, the check character, and consistency with the person's surname, name,
// birth date and sex. The birth-place part (a cadastral code) is only checked for its shape: the table of
// some 8,000 municipalities would weigh more than the rest of the shared code in the browser bundle.
// Omocodic codes (digits replaced by letters when two people would get the same code) are accepted.

export type TaxCodeSex = 'M' | 'F';

export interface TaxCodePerson {
  first_name: string;
  last_name: string;
  /** `YYYY-MM-DD`. */
  birth_date: string;
  sex: TaxCodeSex;
}

/** Why a tax code does not fit: its own shape or check character, or the person it should describe. */
export type TaxCodeProblem = 'format' | 'checksum' | 'last_name' | 'first_name' | 'birth_date' | 'sex';

const MONTH_LETTERS = 'ABCDEHLMPRST';
/** Letters standing for the digits 0–9 in an omocodic code. */
const OMOCODIA_LETTERS = 'LMNPQRSTUV';
/** Positions (0-based) of the digits that omocodia may replace. */
const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14];
const DIGIT = '[0-9LMNPQRSTUV]';
const FORMAT = new RegExp(`^[A-Z]{6}${DIGIT}{2}[${MONTH_LETTERS}]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);

// Values of a character in an odd position (1st, 3rd, …) for the check character; digits count as A–J.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

const letterIndex = (char: string) => {
  const code = char.charCodeAt(0);
  return code >= 48 && code <= 57 ? code - 48 : code - 65;
};

/** Upper case, accents removed, letters only ("D'Amico-Rossi" → "DAMICOROSSI"). */
export function normaliseTaxCodeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

const isVowel = (char: string) => 'AEIOU'.includes(char);

function split(name: string): { consonants: string; vowels: string } {
  const letters = [...normaliseTaxCodeName(name)];
  return {
    consonants: letters.filter((c) => !isVowel(c)).join(''),
    vowels: letters.filter(isVowel).join(''),
  };
}

/** The three letters of a surname: its consonants, then its vowels, then X. */
export function surnameCode(surname: string): string {
  const { consonants, vowels } = split(surname);
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

/** The three letters of a first name: with four consonants or more, the 1st, 3rd and 4th. */
export function firstNameCode(name: string): string {
  const { consonants, vowels } = split(name);
  if (consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

/** The check character of the first 15 characters. */
export function taxCodeCheckCharacter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = letterIndex(first15[i] ?? 'A');
    // Positions are counted from 1: index 0 is the first, odd, position.
    sum += i % 2 === 0 ? (ODD_VALUES[index] ?? 0) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The code with omocodic letters turned back into digits. */
function withDigits(code: string): string {
  const chars = [...code];
  for (const position of OMOCODIA_POSITIONS) {
    const char = chars[position] ?? '';
    const digit = OMOCODIA_LETTERS.indexOf(char);
    if (digit >= 0) chars[position] = String(digit);
  }
  return chars.join('');
}

/** The first problem of a tax code on its own (shape, check character), or null. */
export function taxCodeFormatProblem(value: string): 'format' | 'checksum' | null {
  const code = value.trim().toUpperCase();
  if (!FORMAT.test(code)) return 'format';
  if (taxCodeCheckCharacter(code.slice(0, 15)) !== code[15]) return 'checksum';
  return null;
}

/** The first problem of a tax code for this person, or null when it is theirs. */
export function taxCodeProblem(value: string, person: TaxCodePerson): TaxCodeProblem | null {
  const own = taxCodeFormatProblem(value);
  if (own) return own;
  const code = withDigits(value.trim().toUpperCase());
  if (code.slice(0, 3) !== surnameCode(person.last_name)) return 'last_name';
  if (code.slice(3, 6) !== firstNameCode(person.first_name)) return 'first_name';
  const [year, month, day] = person.birth_date.split('-');
  if (!year || !month || !day) return 'birth_date';
  if (code.slice(6, 8) !== year.slice(2)) return 'birth_date';
  if (code[8] !== MONTH_LETTERS[Number(month) - 1]) return 'birth_date';
  const encodedDay = Number(code.slice(9, 11));
  const isFemale = encodedDay > 40;
  if ((isFemale ? encodedDay - 40 : encodedDay) !== Number(day)) return 'birth_date';
  if (isFemale !== (person.sex === 'F')) return 'sex';
  return null;
}

/** The first 11 characters the algorithm derives from a person (surname, name, birth date and sex). */
export function taxCodePersonPart(person: TaxCodePerson): string {
  const [year = '', month = '1', day = '1'] = person.birth_date.split('-');
  const encodedDay = Number(day) + (person.sex === 'F' ? 40 : 0);
  return `${surnameCode(person.last_name)}${firstNameCode(person.first_name)}${year.slice(2)}${
    MONTH_LETTERS[Number(month) - 1]
  }${String(encodedDay).padStart(2, '0')}`;
}

/** A complete tax code for a person born in the place with this cadastral code (tests and demo data). */
export function computeTaxCode(person: TaxCodePerson, placeCode: string): string {
  const first15 = `${taxCodePersonPart(person)}${placeCode.toUpperCase()}`;
  return `${first15}${taxCodeCheckCharacter(first15)}`;
}
