/** A dollar amount as typed in a dialog ("$1,250.50") as the number the API takes; not a number stays NaN. */
export const amountOf = (value: string | undefined) => Number((value ?? '').replace(/[$,\s]/g, ''));
