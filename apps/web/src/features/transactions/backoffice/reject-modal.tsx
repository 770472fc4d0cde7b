// The operator refuses an order or a withdrawal from the money desk: the reason modal, told which row it is.
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/backoffice/reason-modal';
import type { DeskRow } from './api';

interface Props {
  row: DeskRow | null;
  onClose(): void;
  reject(input: { id: number; reason: string }): Promise<unknown>;
}

export function RejectModal({ row, onClose, reject }: Props) {
  const { t } = useTranslation('backoffice');
  return (
    <ReasonModal
      opened={row !== null}
      title={t('desk.reject.title')}
      body={
        row
          ? t('desk.reject.body', { reference: row.reference_code, person: row.user.full_name || row.user.email })
          : ''
      }
      success={t('desk.reject.done')}
      onClose={onClose}
      reject={(reason) => reject({ id: row?.id ?? 0, reason })}
    />
  );
}
