// A password input whose show/hide button is named in the page's language (Mantine's own label is English).
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('forms');
  return (
    <PasswordInput
      ref={ref}
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': t('password.toggle'), ...props.visibilityToggleButtonProps }}
    />
  );
});
