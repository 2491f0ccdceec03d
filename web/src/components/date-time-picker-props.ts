import type { DateTimePickerProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import classes from './date-time-picker.module.css';

/**
 * What every date and time picker of the console shares: its format, and a name for every control of the calendar
 * (icons alone otherwise). `id` names the field and, through the popover's target, the calendar it opens.
 */
export const dateTimePickerProps = (field: string, id: string): Partial<DateTimePickerProps> => ({
  id,
  popoverProps: { id },
  // Other months' days are drawn too faint to read; they are left out.
  hideOutsideDates: true,
  // Weekends in Mantine's red read below 4.5:1 on navy, and nothing here depends on them.
  weekendDays: [],
  valueFormat: 'D MMM YYYY, HH:mm',
  clearable: true,
  clearButtonProps: { 'aria-label': `Clear ${field}` },
  previousLabel: 'Previous month',
  nextLabel: 'Next month',
  submitButtonProps: { 'aria-label': `Set ${field}` },
  timePickerProps: { hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', classNames: { field: classes.timeField } },
  // The picker's placeholder is text of its own (not an input's ::placeholder): navy 2 reads at 4.5:1 on a field.
  styles: { placeholder: { color: 'var(--mantine-color-dark-2)' } },
});
