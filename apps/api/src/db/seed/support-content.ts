// Help-centre copy in Italian (source language) and English. Bodies are trusted, sanitised HTML.

interface Text {
  title: string;
  description: string;
  body: string;
}
interface Collection {
  slug: string;
  icon: string;
  it: { name: string; description: string };
  en?: { name: string; description: string };
  articles: Array<{ slug: string; it: Text; en?: Text }>;
}

export const SUPPORT_CONTENT: Collection[] = [
  {
    slug: 'anticipi',
    icon: 'coin-euro',
    it: { name: 'Anticipi', description: 'Come funziona l’anticipo di liquidità garantito dai tuoi investimenti.' },
    en: { name: 'Advances', description: 'How a cash advance secured by your investments works.' },
    articles: [
      {
        slug: 'come-funziona-anticipo',
        it: {
          title: 'Come funziona l’anticipo',
          description: 'Dalla richiesta all’accredito in 48 ore.',
          body: '<p>Richiedi un anticipo da <strong>5.000 €</strong> costituendo in pegno i tuoi investimenti o le stock unit della tua azienda. Paghi solo gli interessi, ogni trimestre, e restituisci il capitale alla scadenza (fino a 10 anni) o prima, quando vuoi, senza penali.</p><p>Una volta firmato il contratto con il codice ricevuto via SMS, il denaro arriva sul tuo conto entro 48 ore.</p>',
        },
        en: {
          title: 'How the advance works',
          description: 'From request to payout in 48 hours.',
          body: '<p>Request an advance from <strong>€5,000</strong> by pledging your investments or your company stock units. You pay interest only, every quarter, and repay the principal at maturity (up to 10 years) or earlier, whenever you like, with no penalty.</p><p>Once you sign the contract with the code we text you, the money reaches your account within 48 hours.</p>',
        },
      },
      {
        slug: 'rimborso-anticipato',
        it: {
          title: 'Posso rimborsare prima della scadenza?',
          description: 'Rimborso parziale o totale in qualsiasi momento.',
          body: '<p>Sì. Dalla sezione <em>Anticipo</em> puoi restituire tutto o parte del capitale usando la liquidità disponibile. Gli interessi si calcolano solo sui giorni effettivi di utilizzo.</p>',
        },
        en: {
          title: 'Can I repay before maturity?',
          description: 'Partial or full repayment at any time.',
          body: '<p>Yes. From the <em>Advance</em> section you can repay all or part of the principal from your available cash. Interest is charged only for the days you actually used the money.</p>',
        },
      },
      {
        slug: 'verifica-del-credito',
        it: {
          title: 'Serve una verifica del merito creditizio?',
          description: 'L’anticipo è garantito dal pegno.',
          body: '<p>Poiché l’anticipo è garantito dai tuoi investimenti in pegno, non chiediamo buste paga né garanzie aggiuntive. Verifichiamo solo la tua identità e il tuo profilo di investitore.</p>',
        },
      },
    ],
  },
];
