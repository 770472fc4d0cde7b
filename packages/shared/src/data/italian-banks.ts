// Major Italian banks by ABI code (the five digits after the check character of an Italian IBAN), so the
// bank's name can be shown from the IBAN alone. A bank not listed here is simply not named.

export const ITALIAN_BANKS_BY_ABI: Readonly<Record<string, string>> = {
  '01005': 'BNL – BNP Paribas',
  '01030': 'Banca Monte dei Paschi di Siena',
  '02008': 'UniCredit',
  '03015': 'FinecoBank',
  '03032': 'Credem – Credito Emiliano',
  '03062': 'Banca Mediolanum',
  '03069': 'Intesa Sanpaolo',
  '03075': 'Banca Generali',
  '03104': 'Deutsche Bank',
  '03268': 'Banca Sella',
  '03440': 'Banco di Desio e della Brianza',
  '05034': 'Banco BPM',
  '05387': 'BPER Banca',
  '05696': 'Banca Popolare di Sondrio',
  '06230': 'Crédit Agricole Italia',
  '07601': 'Poste Italiane – BancoPosta',
};
