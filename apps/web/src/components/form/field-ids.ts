/**
 * The one id scheme of every form field: derived from the form's id and the field's name, so a
 * label, its control, its hint and its error always agree and two forms on a page never collide.
 */
export interface FieldIds {
  control: string;
  hint: string;
  error: string;
}

export function fieldIds(formId: string, name: string): FieldIds {
  const control = `${formId}-${name}`;
  return { control, hint: `${control}-hint`, error: `${control}-error` };
}
