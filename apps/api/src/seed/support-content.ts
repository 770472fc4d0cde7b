// Help-centre copy in Italian (source language) and English. Bodies are HTML, sanitised again by the
// support module on the way out. An article without `en` is shown in Italian only (the browser test
// relies on "verifica-del-credito" being one).
import { MAX_INSTALMENTS, MINIMUM_ADVANCE_AMOUNT } from '@lombard/shared/constants';
import { quoteAdvance } from '@lombard/shared/money/advance-calculator';
import { ADVANCE_RATE_BANDS } from '@lombard/shared/money/rate-bands';
import Decimal from 'decimal.js';

type Language = 'it' | 'en';

/** An amount in euros as the article writes it: 50.000 € and 49.999,99 €; €50,000 and €49,999.99. */
function euros(amount: Decimal.Value, language: Language): string {
  const [whole = '', cents] = new Decimal(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'it' ? '.' : ',');
  const figure = cents === '00' ? grouped : `${grouped}${language === 'it' ? ',' : '.'}${cents}`;
  return language === 'it' ? `${figure} €` : `€${figure}`;
}

/** A rate (0.049) as a percentage with two decimals: 4,90% and 4.90%. */
function percent(rate: Decimal.Value, language: Language): string {
  const figure = new Decimal(rate).times(100).toFixed(2);
  return `${language === 'it' ? figure.replace('.', ',') : figure}%`;
}

/** The rate bands as list items, written from the bands the calculator prices with: the text cannot drift. */
function rateBands(language: Language): string {
  const words = language === 'it' ? { upTo: 'fino a', from: 'da', to: 'a' } : { upTo: 'up to', from: 'from', to: 'to' };
  return ADVANCE_RATE_BANDS.map((band, index) => {
    const next = ADVANCE_RATE_BANDS[index + 1];
    const upTo = next && euros(new Decimal(next.from).minus('0.01'), language);
    const range =
      index === 0 && upTo
        ? `${words.upTo} ${upTo}`
        : `${words.from} ${euros(band.from, language)}${upTo ? ` ${words.to} ${upTo}` : ''}`;
    return `<li>${percent(band.annualRate, language)} ${range}</li>`;
  }).join('');
}

// The APR beside its nominal rate, for the smallest advance over the longest term (a fixed start date, so
// that the seed writes the same text every day; the APR moves in its third decimal with the calendar).
const example = quoteAdvance({ amount: MINIMUM_ADVANCE_AMOUNT, instalments: MAX_INSTALMENTS, startDate: '2026-01-01' });
const EXAMPLE = {
  it: { apr: percent(example.apr, 'it'), rate: percent(example.annualRate, 'it') },
  en: { apr: percent(example.apr, 'en'), rate: percent(example.annualRate, 'en') },
};

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
        slug: 'quanto-posso-ottenere',
        it: {
          title: 'Quanto posso ottenere?',
          description: 'Il valore delle garanzie e il loan-to-value.',
          body: '<p>L’importo massimo dipende da cosa costituisci in pegno. Ogni strumento ha un <strong>loan-to-value</strong> (LTV): la parte del suo valore che può garantire l’anticipo.</p><ul><li>Fondi monetari: fino all’85%</li><li>Obbligazionari protetti: fino al 70%</li><li>Bilanciati: fino al 60%</li><li>Azionari: fino al 50%</li><li>Stock unit di aziende convenzionate: dal 40% al 50%</li></ul><p>Esempio: 100.000 € in un prodotto con LTV del 70% garantiscono fino a 70.000 €. L’importo minimo è 5.000 €, quello massimo è fissato dalla banca partner.</p>',
        },
        en: {
          title: 'How much can I get?',
          description: 'The value of your collateral and the loan-to-value.',
          body: '<p>The maximum amount depends on what you pledge. Each instrument has a <strong>loan-to-value</strong> (LTV): the share of its value that can secure the advance.</p><ul><li>Money-market funds: up to 85%</li><li>Protected bond products: up to 70%</li><li>Balanced products: up to 60%</li><li>Equity products: up to 50%</li><li>Stock units of partner companies: 40% to 50%</li></ul><p>Example: €100,000 in a product with a 70% LTV secures up to €70,000. The minimum is €5,000; the maximum is set by the partner bank.</p>',
        },
      },
      {
        slug: 'tassi-e-costi',
        it: {
          title: 'Tassi, TAEG e costi',
          description: 'Nessuna commissione: paghi solo gli interessi.',
          body: `<p>Il tasso annuo nominale è fisso per tutta la durata e scende al crescere dell’importo:</p><ul>${rateBands('it')}</ul><p>Non ci sono spese di apertura, di gestione o di estinzione anticipata. Poiché gli interessi si pagano ogni trimestre, il TAEG è di poco superiore al tasso nominale: per esempio ${EXAMPLE.it.apr} con un tasso del ${EXAMPLE.it.rate}.</p><p>Con il calcolatore sulla home page vedi subito la rata trimestrale, gli interessi totali e il piano delle scadenze.</p>`,
        },
        en: {
          title: 'Rates, APR and costs',
          description: 'No fees: you pay interest only.',
          body: `<p>The nominal annual rate is fixed for the whole term and falls as the amount grows:</p><ul>${rateBands('en')}</ul><p>There are no arrangement, management or early-repayment fees. As interest is paid every quarter, the APR is slightly above the nominal rate: for example ${EXAMPLE.en.apr} for a ${EXAMPLE.en.rate} rate.</p><p>The calculator on the home page shows the quarterly payment, the total interest and the schedule straight away.</p>`,
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
        slug: 'margin-call',
        it: {
          title: 'Cosa succede se il valore delle garanzie scende?',
          description: 'Avvisi, richieste di integrazione e tempi per intervenire.',
          body: '<p>Controlliamo il valore degli strumenti in pegno ogni volta che registriamo nuovi prezzi. Quando l’anticipo raggiunge il 90% di quanto le garanzie possono coprire ti avvisiamo per email, SMS e nell’area clienti, una volta sola per ogni superamento; la pagina dell’anticipo mostra sempre quanto manca alla soglia, linea per linea.</p><p>Se l’anticipo supera quanto le garanzie coprono ricevi una <strong>richiesta di integrazione</strong>: hai 5 giorni lavorativi per rimborsare una parte dell’anticipo, dare in pegno altri strumenti o confermare il rimedio che hai scelto in anticipo nelle impostazioni. Prima di qualsiasi vendita ti offriamo misure di tolleranza: più tempo (10 giorni lavorativi in più), un rimborso parziale o il rinvio di una rata. Solo se, dopo l’offerta, il periodo di tolleranza passa senza rimedio la banca applica il rimedio che hai scelto (o, se non ne hai scelto uno, vende le quote in pegno), solo quanto basta a riportare l’anticipo nel limite.</p><p>Se sei in difficoltà con i debiti, gli sportelli di consulenza sul debito delle associazioni dei consumatori offrono un aiuto gratuito. Tutti i dettagli sono nel contratto e nel documento sul pegno, che puoi scaricare dalla home page.</p>',
        },
        en: {
          title: 'What happens if the value of my collateral falls?',
          description: 'Warnings, margin calls and the time you have to act.',
          body: '<p>We check the value of the pledged instruments every time we record new prices. When the advance reaches 90% of what the collateral can secure we warn you by e-mail, SMS and in the customer area, once for each crossing; the advance page always shows how far you are from the threshold, line by line.</p><p>If the advance goes above what the collateral secures you receive a <strong>margin call</strong>: you have 5 business days to repay part of it, pledge more instruments or confirm the remedy you chose in advance in your settings. Before any sale we offer you forbearance: more time (10 more business days), a partial repayment or the deferral of an instalment. Only if, after that offer, the grace period passes without a cure does the bank apply the remedy you chose (or, if you chose none, sell pledged units), only as far as it brings the advance back within its limit.</p><p>If you are struggling with debts, the debt-advice desks of consumer associations offer free advice. All the details are in the contract and in the pledge document, which you can download from the home page.</p>',
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
  {
    slug: 'investimenti',
    icon: 'chart-line',
    it: {
      name: 'Investimenti',
      description: 'I prodotti della banca partner, la protezione del capitale e come investire o disinvestire.',
    },
    en: {
      name: 'Investments',
      description: 'The partner bank’s products, capital protection, and how to invest or disinvest.',
    },
    articles: [
      {
        slug: 'prodotti-banca-partner',
        it: {
          title: 'Quali prodotti posso sottoscrivere?',
          description: 'Monetari, obbligazionari protetti, bilanciati e azionari.',
          body: '<p>Nell’area clienti trovi i prodotti della nostra banca partner: fondi monetari in euro, obbligazionari con capitale protetto a scadenza, bilanciati con cedola e azionari globali.</p><p>Per ogni prodotto vedi l’indicatore di rischio (da 1 a 7), la frequenza della cedola, l’importo minimo, i costi, la scadenza e il rendimento da inizio anno. Prima di investire ti chiediamo di compilare il questionario di adeguatezza MiFID.</p>',
        },
        en: {
          title: 'Which products can I invest in?',
          description: 'Money-market, protected bond, balanced and equity products.',
          body: '<p>In the customer area you will find our partner bank’s products: euro money-market funds, bond products with capital protected at maturity, balanced products paying a coupon and global equity products.</p><p>For each product you see the risk indicator (1 to 7), the coupon frequency, the minimum amount, the costs, the maturity and the year-to-date performance. Before you invest we ask you to complete the MiFID appropriateness questionnaire.</p>',
        },
      },
      {
        slug: 'protezione-e-garanzia',
        it: {
          title: 'Protezione del capitale e garanzia dei depositi',
          description: 'Cosa è protetto e fino a quanto.',
          body: '<p>Alcuni prodotti prevedono la <strong>protezione del capitale</strong> alla scadenza: per esempio il 100% o il 90% di quanto hai investito, indicato nella scheda del prodotto.</p><p>La liquidità depositata presso la banca partner è coperta dal Fondo Interbancario di Tutela dei Depositi fino a <strong>100.000 €</strong> per depositante. Gli strumenti finanziari sono custoditi in conti separati a tuo nome e non fanno parte del patrimonio della banca.</p>',
        },
        en: {
          title: 'Capital protection and deposit guarantee',
          description: 'What is protected, and up to how much.',
          body: '<p>Some products offer <strong>capital protection</strong> at maturity: for example 100% or 90% of what you invested, as shown on the product page.</p><p>Cash deposited with the partner bank is covered by the Italian Interbank Deposit Protection Fund up to <strong>€100,000</strong> per depositor. Financial instruments are held in segregated accounts in your name and are not part of the bank’s assets.</p>',
        },
      },
      {
        slug: 'come-investire',
        it: {
          title: 'Come investo?',
          description: 'Con la liquidità del conto o con un bonifico.',
          body: '<p>Scegli il prodotto, inserisci l’importo e conferma l’ordine. Puoi usare la liquidità già presente sul tuo conto Lombard oppure fare un bonifico dal tuo conto bancario: il bonifico impiega da 1 a 2 giorni lavorativi.</p><p>L’ordine viene eseguito al primo valore della quota disponibile dopo l’arrivo dei fondi.</p>',
        },
        en: {
          title: 'How do I invest?',
          description: 'With the cash in your account or by bank transfer.',
          body: '<p>Choose the product, enter the amount and confirm the order. You can use the cash already in your Lombard account or send a bank transfer from your bank account: a transfer takes 1 to 2 business days.</p><p>The order is executed at the first unit price available after the funds arrive.</p>',
        },
      },
      {
        slug: 'disinvestire',
        it: {
          title: 'Come disinvesto?',
          description: 'Esecuzione in un giorno lavorativo.',
          body: '<p>Dalla scheda del prodotto scegli <em>Disinvesti</em> e indica l’importo. Il disinvestimento viene eseguito entro un giorno lavorativo e la liquidità torna sul tuo conto Lombard.</p><p>Non è possibile disinvestire gli strumenti in pegno a garanzia di un anticipo, né i prodotti ancora nel periodo minimo di detenzione indicato nella scheda.</p>',
        },
        en: {
          title: 'How do I disinvest?',
          description: 'Executed within one business day.',
          body: '<p>On the product page choose <em>Disinvest</em> and enter the amount. The disinvestment is executed within one business day and the cash returns to your Lombard account.</p><p>Instruments pledged to secure an advance cannot be disinvested, nor can products still within the minimum holding period shown on the product page.</p>',
        },
      },
    ],
  },
  {
    slug: 'profilo-e-verifica',
    icon: 'id-badge',
    it: {
      name: 'Profilo e verifica dell’identità',
      description: 'Documenti, questionario MiFID, conto bancario e numero di telefono.',
    },
    en: {
      name: 'Profile and identity checks',
      description: 'Documents, the MiFID questionnaire, bank account and phone number.',
    },
    articles: [
      {
        slug: 'documenti-accettati',
        it: {
          title: 'Quali documenti posso caricare?',
          description: 'Formati accettati e validità.',
          body: '<p>Accettiamo file <strong>PDF, JPG, JPEG e PNG</strong>. Carica fronte e retro di un documento d’identità valido (carta d’identità, passaporto o patente).</p><p>Come prova di residenza va bene una bolletta o un estratto conto non più vecchio di 3 mesi. Una patente o una carta d’identità valgono come prova di residenza solo se emesse negli ultimi 12 mesi.</p>',
        },
        en: {
          title: 'Which documents can I upload?',
          description: 'Accepted formats and validity.',
          body: '<p>We accept <strong>PDF, JPG, JPEG and PNG</strong> files. Upload the front and back of a valid identity document (identity card, passport or driving licence).</p><p>As proof of address, a utility bill or bank statement no older than 3 months is fine. A driving licence or identity card counts as proof of address only if issued within the last 12 months.</p>',
        },
      },
      {
        slug: 'questionario-mifid',
        it: {
          title: 'Perché devo compilare il questionario MiFID?',
          description: 'La verifica di adeguatezza prevista dalla normativa.',
          body: '<p>La normativa europea MiFID II ci chiede di verificare che tu conosca i prodotti in cui investi. Il questionario richiede pochi minuti e ti assegna un livello di esperienza.</p><p>Se un prodotto non è adeguato al tuo profilo te lo segnaliamo: puoi comunque procedere confermando e firmando l’ordine.</p>',
        },
        en: {
          title: 'Why do I have to complete the MiFID questionnaire?',
          description: 'The appropriateness check required by law.',
          body: '<p>The European MiFID II rules require us to check that you understand the products you invest in. The questionnaire takes a few minutes and gives you an experience level.</p><p>If a product is not appropriate for your profile we tell you: you can still go ahead by confirming and signing the order.</p>',
        },
      },
      {
        slug: 'conto-bancario',
        it: {
          title: 'Come collego il mio conto bancario?',
          description: 'IBAN e intestatario.',
          body: '<p>Nella sezione <em>Profilo</em> inserisci l’IBAN del conto su cui ricevere l’anticipo e i disinvestimenti. Il conto deve essere intestato a te: il nome dell’intestatario deve corrispondere a quello del tuo account.</p>',
        },
        en: {
          title: 'How do I link my bank account?',
          description: 'IBAN and account holder.',
          body: '<p>In the <em>Profile</em> section enter the IBAN of the account that will receive the advance and your disinvestments. The account must be in your name: the account holder must match the name on your Lombard account.</p>',
        },
      },
      {
        slug: 'cittadinanza-usa',
        it: {
          title: 'Perché mi chiedete se sono una US person?',
          description: 'Obblighi fiscali statunitensi (FATCA).',
          body: '<p>Per la normativa FATCA dobbiamo sapere se sei cittadino o residente fiscale negli Stati Uniti. Sei considerato residente se hai trascorso negli USA almeno 183 giorni nell’anno. I prodotti della banca partner non possono essere offerti alle US person.</p>',
        },
        en: {
          title: 'Why do you ask whether I am a US person?',
          description: 'US tax obligations (FATCA).',
          body: '<p>Under FATCA we must know whether you are a US citizen or US tax resident. You are treated as a resident if you spent at least 183 days in the United States in the year. The partner bank’s products cannot be offered to US persons.</p>',
        },
      },
    ],
  },
  {
    slug: 'sicurezza',
    icon: 'shield-lock',
    it: { name: 'Sicurezza', description: 'Accesso, firma con codice SMS e come riconoscere i tentativi di frode.' },
    en: { name: 'Security', description: 'Signing in, SMS signing codes and how to spot fraud attempts.' },
    articles: [
      {
        slug: 'password-e-accesso',
        it: {
          title: 'Come proteggo il mio account?',
          description: 'Password, accesso e dispositivi.',
          body: '<p>Scegli una password di almeno 8 caratteri che non usi altrove. Dopo diversi tentativi errati l’accesso da quel dispositivo viene rallentato per proteggerti: la pagina ti dice quanti minuti attendere, e con “Password dimenticata?” puoi sempre rientrare subito.</p><p>Se non selezioni “Ricordami”, la sessione termina quando chiudi il browser.</p>',
        },
        en: {
          title: 'How do I protect my account?',
          description: 'Password, signing in and devices.',
          body: '<p>Choose a password of at least 8 characters that you do not use anywhere else. After several failed attempts, sign-in from that device is slowed down to protect you: the page tells you how many minutes to wait, and “Forgot password?” always gets you back in at once.</p><p>If you do not tick “Remember me”, your session ends when you close the browser.</p>',
        },
      },
      {
        slug: 'firma-con-sms',
        it: {
          title: 'Come funziona la firma con codice SMS?',
          description: 'Contratti e ordini firmati in modo sicuro.',
          body: '<p>Quando firmi un contratto di anticipo o un ordine ti inviamo un codice monouso via SMS al numero verificato. Inserendolo confermi di aver letto il documento: conserviamo la firma insieme all’impronta del documento e alla data.</p>',
        },
        en: {
          title: 'How does signing with an SMS code work?',
          description: 'Contracts and orders, signed securely.',
          body: '<p>When you sign an advance contract or an order, we text a one-time code to your verified number. Entering it confirms that you have read the document: we keep the signature together with a fingerprint of the document and the date.</p>',
        },
      },
      {
        slug: 'riconoscere-le-frodi',
        it: {
          title: 'Come riconosco un tentativo di frode?',
          description: 'Cosa non ti chiederemo mai.',
          body: '<p>Lombard non ti chiederà <strong>mai</strong> la password, i codici SMS o i dati della carta via email, telefono o chat. Le nostre email arrivano solo dal dominio ufficiale e non contengono allegati da eseguire.</p><p>Se ricevi una richiesta sospetta non rispondere e inoltrala al supporto.</p>',
        },
        en: {
          title: 'How do I spot a fraud attempt?',
          description: 'What we will never ask you.',
          body: '<p>Lombard will <strong>never</strong> ask for your password, SMS codes or card details by e-mail, phone or chat. Our e-mails come only from our official domain and never carry attachments to run.</p><p>If you receive a suspicious request, do not reply: forward it to support.</p>',
        },
      },
    ],
  },
];
