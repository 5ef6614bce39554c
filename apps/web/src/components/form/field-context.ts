import { createContext, useContext } from 'react';

/** What a control inside a Field must carry so assistive technology links it to its label, hint and error. */
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export const FieldContext = createContext<FieldControlProps>({});

/**
 * The wiring of the surrounding Field (nothing outside one). A control spreads it after its own
 * props: the Field owns the id and the descriptions so they cannot drift from the label.
 */
export function useFieldControl(): FieldControlProps {
  return useContext(FieldContext);
}
