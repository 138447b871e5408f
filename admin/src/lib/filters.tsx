import { DateInput, NullableBooleanInput, SearchInput, SelectArrayInput, SelectInput } from 'react-admin';

/**
 * The list filters the resources share. react-admin wants a key on each filter input, and here it
 * is always the source; the labels come from the resource's fields in i18n/nb.ts.
 */

type Choices = ReadonlyArray<{ id: string; name: string }>;

/** The free-text search (`q`), always shown. */
export function searchFilter(placeholder: string) {
  return <SearchInput key="q" source="q" placeholder={placeholder} alwaysOn />;
}

/** One of the choices, or several with `multiple` (the API takes a value or an array). */
export function choiceFilter(source: string, choices: Choices, opts: { alwaysOn?: boolean; multiple?: boolean } = {}) {
  const Input = opts.multiple ? SelectArrayInput : SelectInput;
  return <Input key={source} source={source} choices={[...choices]} alwaysOn={opts.alwaysOn} />;
}

/** Yes / no / either, one input per source. */
export function yesNoFilters(...sources: string[]) {
  return sources.map((source) => <NullableBooleanInput key={source} source={source} />);
}

/** `<prefix>From` and `<prefix>To`: days in Oslo, both included (the API's date filters). */
export function dayRangeFilters(prefix = 'created') {
  return [`${prefix}From`, `${prefix}To`].map((source) => <DateInput key={source} source={source} />);
}
