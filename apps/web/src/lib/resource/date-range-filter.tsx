// A period filter of a list: from and to, sent as `<field>__gte` and `<field>__lte`. In a file of its own,
// so that only the lists that filter by date load the date picker.
import '@mantine/dates/styles.layer.css';
import { DatePickerInput } from '@mantine/dates';
import type { Row } from './queries';
import type { ResourceList } from './use-resource-list';

export function DateRangeFilter<T extends Row>({
  list,
  field = 'created_at',
  label,
  placeholder,
  valueFormat,
}: {
  list: ResourceList<T>;
  field?: string;
  label: string;
  placeholder: string;
  /** The dates as the language writes them (the page's catalogue's `dateFormat`). */
  valueFormat: string;
}) {
  const from = list.state.filters[`${field}__gte`] ?? null;
  const to = list.state.filters[`${field}__lte`] ?? null;
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder}
      value={[from, to]}
      onChange={([start, end]) => {
        // Both ends or none: half a range would reload the list at every click.
        if ((start && end) || (!start && !end)) list.setFilters({ [`${field}__gte`]: start, [`${field}__lte`]: end });
      }}
      clearable
      w={{ base: '100%', xs: 240 }}
      valueFormat={valueFormat}
      data-testid="filter-period"
      popoverProps={{ withinPortal: true }}
    />
  );
}
