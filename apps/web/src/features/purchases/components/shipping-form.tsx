import { zodResolver } from '@hookform/resolvers/zod';
import { PURCHASE_MESSAGES, PoNumberSchema, PurchaseBodySchema } from '@bulkwise/contracts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BusyButton } from '@/components/form/busy-button';
import { TextInput, Textarea } from '@/components/form/controls';
import { Field } from '@/components/form/field';

/** Blank fields get the spec's messages; anything else the API would refuse gets the contract's. */
export const ShippingSchema = z.object({
  address: z.string().trim().min(1, PURCHASE_MESSAGES.addressRequired).pipe(PurchaseBodySchema.shape.address),
  phone: z.string().trim().min(1, PURCHASE_MESSAGES.phoneRequired).pipe(PurchaseBodySchema.shape.phone),
  /** The buyer's purchase order number, printed on the invoice. */
  poNumber: PoNumberSchema,
});
export type ShippingDetails = z.output<typeof ShippingSchema>;

/** The purchase dialog's form: where to ship, whom to call, the PO number; Cancel and Confirm. */
export function ShippingForm({
  pending,
  onSubmit,
  onClose,
}: {
  pending: boolean;
  onSubmit: (details: ShippingDetails) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ShippingSchema>, unknown, ShippingDetails>({
    resolver: zodResolver(ShippingSchema),
    defaultValues: { address: '', phone: '', poNumber: '' },
  });
  return (
    <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={handleSubmit(onSubmit)}>
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <Field formId={formId} name="address" label="Shipping address" error={errors.address?.message}>
          <Textarea rows={3} autoComplete="street-address" {...register('address')} />
        </Field>
        <Field formId={formId} name="phone" label="Phone number" error={errors.phone?.message}>
          <TextInput type="tel" autoComplete="tel" {...register('phone')} />
        </Field>
        <Field formId={formId} name="poNumber" label="PO number (optional)" error={errors.poNumber?.message}>
          <TextInput maxLength={50} {...register('poNumber')} />
        </Field>
      </fieldset>
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
          Cancel
        </button>
        <BusyButton type="submit" className="btn btn-primary" busy={pending} busyLabel="Processing...">
          Confirm Purchase
        </BusyButton>
      </div>
    </form>
  );
}
