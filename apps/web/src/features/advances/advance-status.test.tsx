// Advance statuses are shown in words, never as their codes, in both languages, each with a sentence that
// says what happens next.
import { ADVANCE_STATUS, ADVANCE_STATUSES, advanceStatusName } from '@lombard/shared/advance-status';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AdvanceStatusBadge, AdvanceStatusText } from './advance-status';

describe('Advance status words', () => {
  it.each([
    [ADVANCE_STATUS.requestReceived, 'Request received', 'Richiesta ricevuta'],
    [ADVANCE_STATUS.readyToSign, 'Ready to be signed', 'Pronto per la firma'],
    [ADVANCE_STATUS.pendingVerification, 'Pending verification', 'In verifica'],
    [ADVANCE_STATUS.moneyOnTheWay, 'Money on the way', 'Erogazione in corso'],
    [ADVANCE_STATUS.active, 'Active', 'Attivo'],
    [ADVANCE_STATUS.repaid, 'Repaid', 'Rimborsato'],
    [ADVANCE_STATUS.rejected, 'Not approved', 'Non approvato'],
    [ADVANCE_STATUS.cancelled, 'Cancelled', 'Annullato'],
    [ADVANCE_STATUS.withdrawn, 'Withdrawn', 'Recesso esercitato'],
  ])('status %i reads "%s" in English and "%s" in Italian', (status, english, italian) => {
    const { unmount } = renderWithProviders(<AdvanceStatusBadge status={status} />);
    expect(screen.getByText(english)).toBeInTheDocument();
    unmount();
    renderWithProviders(<AdvanceStatusBadge status={status} />, { language: 'it' });
    expect(screen.getByText(italian)).toBeInTheDocument();
  });

  it('never shows a status code, in the badge or in the sentence', () => {
    for (const status of ADVANCE_STATUSES) {
      for (const language of ['it', 'en'] as const) {
        const { unmount } = renderWithProviders(
          <>
            <AdvanceStatusBadge status={status} />
            <AdvanceStatusText status={status} />
          </>,
          { language },
        );
        const text = `${screen.getByTestId(`advance-status-${advanceStatusName(status)}`).textContent} ${screen.getByTestId('advance-status-text').textContent}`;
        expect(text).not.toMatch(/status\./);
        // 48 hours is a figure the sentence may say; the code alone never is.
        expect(text.replace('48', '')).not.toMatch(/\b[1-8]\b/);
        unmount();
      }
    }
  });

  it('tells the customer what to do when the contract is ready to be signed, whatever confirms it', () => {
    // SMS, authenticator app or passkey: the panel below says which.
    renderWithProviders(<AdvanceStatusText status={ADVANCE_STATUS.readyToSign} />);
    expect(screen.getByTestId('advance-status-text')).toHaveTextContent(
      'Your request has been pre-approved: read the contract and sign it.',
    );
  });
});
