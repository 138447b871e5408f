/**
 * Show and edit pages read their record under this `meta`. A list (and a reference field's
 * getMany) puts its rows in react-admin's cache as if they were whole records, but a list row is a
 * summary (a student's row has no attribution, orders or leads); a page reading the same cache key
 * would first render that summary and crash on what it lacks. Under its own key, the page waits for
 * the full record instead. Edit pages pass it to both `queryOptions` and `mutationOptions`, so a
 * save updates the record the page shows.
 */
export const fullRecord = { meta: { full: true } } as const;
