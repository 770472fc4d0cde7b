// An employer: a partner company picked from the list (and kept by its id) or any other company typed by
// name. Used by the occupation step of the profile and by the stock-plan registration.
import { Autocomplete, type AutocompleteProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { employersQuery } from '../lib/profile/profile-query';

export type EmployerFieldProps = Omit<AutocompleteProps, 'data' | 'value' | 'onChange'> & {
  value: string;
  /** The typed or picked name, and the partner's id when it names a partner company (else null). */
  onChange(name: string, partnerId: number | null): void;
};

/** The partner whose name the text is, ignoring case and surrounding spaces. */
export function partnerNamed(employers: readonly { id: number; name: string }[], name: string) {
  const wanted = name.trim().toLowerCase();
  return employers.find((employer) => employer.name.toLowerCase() === wanted) ?? null;
}

export function EmployerField({ value, onChange, ...props }: EmployerFieldProps) {
  const employers = useQuery(employersQuery()).data ?? [];
  return (
    <Autocomplete
      autoComplete="organization"
      {...props}
      data={employers.map((employer) => employer.name)}
      value={value}
      onChange={(name) => onChange(name, partnerNamed(employers, name)?.id ?? null)}
    />
  );
}
