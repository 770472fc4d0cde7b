// Landing home (route id `landing-home`). The server renders all of it (docs/decisions/006); the
// calculator and the product teaser are separate chunks, which a browser navigating here loads when
// they come near the viewport (see LazyWhenVisible).
import { MAX_ADVANCE_MATURITY_YEARS } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { Box, Button, Container } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreditAdvertising } from '../../../components/credit-advertising';
import { formatMoney } from '../../../lib/format';
import {
  type AdvanceTermsProps,
  advanceTermsOf,
  advanceTermsProps,
  globalConfigQuery,
  useAdvanceTerms,
} from '../../../lib/global-config';
import { Island } from '../../../lib/islands/island';
import { lazyComponent } from '../../../lib/lazy-component';
import { usePageMeta } from '../../../lib/page-meta';
import { LazyWhenVisible } from '../components/lazy-when-visible';
import { SectionHeading } from '../components/section-heading';
import { LANDING_PATHS } from '../components/site-links';
import { CALCULATOR_ANCHOR, CALCULATOR_ISLAND } from './hero-calculate';
import { HomeHero } from './home-hero';
import { ClosingCta, Guarantees, HowItWorks, WhyPledge } from './home-sections';

const ProductsTeaser = lazyComponent('products-teaser', () =>
  import('./products-teaser').then((m) => m.ProductsTeaser),
);

/** The advances feature's calculator, which the app passes in (a feature imports no other). */
type Calculator = ComponentType<AdvanceTermsProps>;

export function HomePage({ advanceCalculator }: { advanceCalculator: Calculator }) {
  const terms = useAdvanceTerms();
  const { t, i18n } = useTranslation('landing');
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  usePageMeta(
    t('home.meta.title'),
    t('home.meta.description', {
      amount: formatMoney(terms.minimum, language, { cents: false }),
      hours: terms.payoutHours,
      years: MAX_ADVANCE_MATURITY_YEARS,
    }),
  );
  return (
    <>
      <HomeHero />
      <BelowTheFold language={language} advanceCalculator={advanceCalculator} />
    </>
  );
}

function BelowTheFold({ language, advanceCalculator }: { language: Language; advanceCalculator: Calculator }) {
  const { t } = useTranslation('landing');
  // The bank's maximum of the configuration (read on the server before the page is drawn): the same figure
  // the customer area offers.
  const { data: config } = useQuery(globalConfigQuery);
  return (
    <>
      <Box component="section" aria-labelledby="calculator-title" py={{ base: 56, sm: 88 }}>
        <Container size="lg">
          <Box id={CALCULATOR_ANCHOR} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 80 }}>
            <SectionHeading
              id="calculator-title"
              eyebrow={t('calculator.eyebrow')}
              title={t('calculator.title')}
              description={t('calculator.lead')}
            />
          </Box>
          <Box mt={40}>
            <LazyWhenVisible minHeight={560}>
              <Island
                id={CALCULATOR_ISLAND}
                component={advanceCalculator}
                props={advanceTermsProps(advanceTermsOf(config))}
              />
            </LazyWhenVisible>
          </Box>
          {/* Outside the calculator's island: the warning and the example are in the HTML the server sends. */}
          <Box mt="lg">
            <CreditAdvertising language={language} />
          </Box>
        </Container>
      </Box>
      <HowItWorks />
      <WhyPledge language={language} />
      <Container size="lg" py={{ base: 56, sm: 88 }} component="section" aria-labelledby="opportunities-title">
        <SectionHeading
          id="opportunities-title"
          eyebrow={t('home.opportunities.eyebrow')}
          title={t('home.opportunities.title')}
          description={t('home.opportunities.lead')}
        />
        <Box mt={40}>
          <LazyWhenVisible minHeight={460}>
            <ProductsTeaser />
          </LazyWhenVisible>
        </Box>
        <Button
          component={Link}
          to={LANDING_PATHS.investmentOpportunity}
          variant="subtle"
          mt="lg"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t('home.opportunities.all')}
        </Button>
      </Container>
      <Guarantees language={language} />
      <ClosingCta />
    </>
  );
}
