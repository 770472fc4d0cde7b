// Residence and, when different, domicile. Countries and Italian provinces come from the API's data; an
// Italian address takes a province from the list and a five-digit CAP.
import { ITALY } from '@lombard/shared/data/countries';
import { type Addresses, addressesSchema } from '@lombard/shared/schemas/profile';
import type { ProfileView } from '@lombard/shared/schemas/profile-views';
import { Fieldset, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { useSaveTab } from './api';
import { useReferenceData } from './use-reference-data';

type Side = 'residence' | 'domicile';

const EMPTY_ADDRESS = { country: 'IT', province: '', city: '', post_code: '', street: '' };

export function AddressesTab({ saved }: { saved: ProfileView['addresses'] }) {
  const { t } = useTranslation(['profile', 'errors']);
  const save = useSaveTab<Addresses>('addresses');
  const { countries, provinces } = useReferenceData();
  const { form, onSubmit, submitting } = useApiForm({
    schema: addressesSchema,
    initialValues: {
      residence: { ...EMPTY_ADDRESS, ...saved?.residence },
      domicile_differs: saved?.domicile_differs ?? false,
      domicile: { ...EMPTY_ADDRESS, ...saved?.domicile },
    },
    prepare: (values) => ({ ...values, domicile: values.domicile_differs ? values.domicile : null }) as typeof values,
    send: (values) => save.mutateAsync(values as Addresses),
    success: t('errors:success.dataSaved'),
  });
  // The schema checks the domicile only when it differs; the form keeps the typed values meanwhile.
  const values = form.getValues();

  const fields = (side: Side) => {
    const italian = values[side]?.country === ITALY;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('addresses.country')}
          data={countries}
          searchable
          withAsterisk
          allowDeselect={false}
          nothingFoundMessage={t('nothingFound')}
          {...form.getInputProps(`${side}.country`)}
          data-testid={`${side}-country`}
        />
        {italian ? (
          <Select
            label={t('addresses.province')}
            data={provinces}
            searchable
            withAsterisk
            nothingFoundMessage={t('nothingFound')}
            {...form.getInputProps(`${side}.province`)}
            data-testid={`${side}-province`}
          />
        ) : (
          <TextInput
            label={t('addresses.region')}
            {...form.getInputProps(`${side}.province`)}
            data-testid={`${side}-province`}
          />
        )}
        <TextInput
          label={t('addresses.city')}
          autoComplete={side === 'residence' ? 'address-level2' : 'off'}
          withAsterisk
          {...form.getInputProps(`${side}.city`)}
          data-testid={`${side}-city`}
        />
        <TextInput
          label={italian ? t('addresses.cap') : t('addresses.postCode')}
          inputMode={italian ? 'numeric' : 'text'}
          maxLength={italian ? 5 : 12}
          autoComplete={side === 'residence' ? 'postal-code' : 'off'}
          withAsterisk
          {...form.getInputProps(`${side}.post_code`)}
          data-testid={`${side}-post-code`}
        />
        <TextInput
          label={t('addresses.street')}
          description={t('addresses.streetHint')}
          autoComplete={side === 'residence' ? 'street-address' : 'off'}
          withAsterisk
          style={{ gridColumn: '1 / -1' }}
          {...form.getInputProps(`${side}.street`)}
          data-testid={`${side}-street`}
        />
      </SimpleGrid>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Fieldset legend={t('addresses.residence')} radius="md">
          {fields('residence')}
        </Fieldset>
        <Switch
          label={t('addresses.domicileDiffers')}
          {...form.getInputProps('domicile_differs', { type: 'checkbox' })}
          data-testid="addresses-domicile-differs"
        />
        {values.domicile_differs && (
          <Fieldset legend={t('addresses.domicile')} radius="md">
            {fields('domicile')}
          </Fieldset>
        )}
        <SubmitButton submitting={submitting} testId="addresses-submit">
          {t('save')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
