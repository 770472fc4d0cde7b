// The MiFID appropriateness questionnaire every data set starts with: knowledge, experience, investment
// horizon and risk tolerance, each answer worth 0–3 points (the better informed or more prepared, the more).
import type { QuestionnaireContent } from '../modules/mifid/service';

const a = (it: string, en: string, points: number) => ({ text: { it, en }, points });

export const MIFID_QUESTIONNAIRE: readonly QuestionnaireContent[] = [
  {
    category: 'knowledge',
    text: {
      it: 'Se i tassi di interesse salgono, che cosa succede di solito al prezzo di un’obbligazione a tasso fisso già emessa?',
      en: 'When interest rates rise, what usually happens to the price of a fixed-rate bond already issued?',
    },
    answers: [
      a('Sale', 'It rises', 0),
      a('Scende', 'It falls', 3),
      a('Resta invariato', 'It stays the same', 0),
      a('Non lo so', 'I do not know', 0),
    ],
  },
  {
    category: 'knowledge',
    text: {
      it: 'Che cosa significa diversificare un portafoglio?',
      en: 'What does diversifying a portfolio mean?',
    },
    answers: [
      a('Investire tutto nel titolo che ha reso di più', 'Investing everything in the best-performing security', 0),
      a(
        'Suddividere l’investimento tra strumenti, emittenti e mercati diversi per ridurre il rischio',
        'Spreading the investment across different instruments, issuers and markets to reduce risk',
        3,
      ),
      a('Cambiare spesso gli strumenti in portafoglio', 'Changing the holdings frequently', 1),
      a('Non lo so', 'I do not know', 0),
    ],
  },
  {
    category: 'knowledge',
    text: {
      it: 'Un fondo comune o un ETF azionario garantisce la restituzione del capitale investito?',
      en: 'Does an equity mutual fund or ETF guarantee that the capital invested is paid back?',
    },
    answers: [
      a('Sì, sempre', 'Yes, always', 0),
      a('Sì, se lo tengo fino alla scadenza', 'Yes, if I hold it to maturity', 1),
      a(
        'No: il suo valore segue i mercati e può scendere sotto quanto investito',
        'No: its value follows the markets and can fall below the amount invested',
        3,
      ),
      a('Non lo so', 'I do not know', 0),
    ],
  },
  {
    category: 'knowledge',
    text: {
      it: 'In un finanziamento garantito da titoli (credito lombard), che cosa può accadere se il valore dei titoli in pegno scende molto?',
      en: 'In a securities-backed loan (Lombard loan), what can happen if the value of the pledged securities falls sharply?',
    },
    answers: [
      a('Nulla, il finanziamento non cambia', 'Nothing, the loan does not change', 0),
      a(
        'La banca può chiedere di integrare la garanzia o vendere parte dei titoli',
        'The bank can ask for more collateral or sell part of the securities',
        3,
      ),
      a('Il debito si riduce automaticamente', 'The debt is reduced automatically', 0),
      a('Non lo so', 'I do not know', 0),
    ],
  },
  {
    category: 'experience',
    text: {
      it: 'Da quanti anni investi in strumenti finanziari (azioni, obbligazioni, fondi)?',
      en: 'For how many years have you invested in financial instruments (shares, bonds, funds)?',
    },
    answers: [
      a('Mai', 'Never', 0),
      a('Meno di 2 anni', 'Less than 2 years', 1),
      a('Da 2 a 5 anni', '2 to 5 years', 2),
      a('Più di 5 anni', 'More than 5 years', 3),
    ],
  },
  {
    category: 'experience',
    text: {
      it: 'Quante operazioni di investimento hai fatto in media all’anno negli ultimi 3 anni?',
      en: 'How many investment transactions have you made on average per year in the last 3 years?',
    },
    answers: [
      a('Nessuna', 'None', 0),
      a('Da 1 a 5', '1 to 5', 1),
      a('Da 6 a 20', '6 to 20', 2),
      a('Più di 20', 'More than 20', 3),
    ],
  },
  {
    category: 'experience',
    text: {
      it: 'La tua professione, attuale o passata, ti ha dato conoscenze dei mercati finanziari?',
      en: 'Has your current or past occupation given you knowledge of financial markets?',
    },
    answers: [
      a('No', 'No', 0),
      a('In parte (ad esempio contabilità o amministrazione)', 'Partly (for example accounting or administration)', 2),
      a('Sì, lavoro o ho lavorato nel settore finanziario', 'Yes, I work or have worked in the financial sector', 3),
    ],
  },
  {
    category: 'horizon',
    text: {
      it: 'Per quanto tempo pensi di mantenere i tuoi investimenti?',
      en: 'For how long do you plan to keep your investments?',
    },
    answers: [
      a('Meno di 1 anno', 'Less than 1 year', 0),
      a('Da 1 a 3 anni', '1 to 3 years', 1),
      a('Da 3 a 5 anni', '3 to 5 years', 2),
      a('Più di 5 anni', 'More than 5 years', 3),
    ],
  },
  {
    category: 'risk_tolerance',
    text: {
      it: 'Se il tuo investimento perdesse il 20% in pochi mesi, che cosa faresti?',
      en: 'If your investment lost 20% within a few months, what would you do?',
    },
    answers: [
      a('Venderei tutto subito', 'Sell everything at once', 0),
      a('Venderei una parte', 'Sell part of it', 1),
      a('Aspetterei che recuperi', 'Wait for it to recover', 2),
      a(
        'Investirei ancora, approfittando dei prezzi più bassi',
        'Invest more, taking advantage of the lower prices',
        3,
      ),
    ],
  },
];
