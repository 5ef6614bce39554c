import {
  BusinessDetailsInputSchema,
  type BusinessDetails,
  type BusinessDetailsInput,
} from '@bulkwise/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { BusyButton } from '@/components/form/busy-button';
import { BusinessDetailsFields } from './business-details-fields';

interface BusinessDetailsFormProps {
  /** What the server stored; the form starts from it. */
  details: BusinessDetails;
  saving: boolean;
  onSave: (details: BusinessDetails) => void;
}

const asText = (d: BusinessDetails): BusinessDetailsInput => ({
  legalName: d.legalName ?? '',
  billingAddress: d.billingAddress ?? '',
  taxId: d.taxId ?? '',
});

/**
 * The seller's details printed on invoices and credit notes. Documents keep the details they were issued
 * with: a change applies to the next ones. Every field is optional; a blank one is not printed.
 */
export function BusinessDetailsForm({ details, saving, onSave }: BusinessDetailsFormProps) {
  const formId = useId();
  const headingId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BusinessDetailsInput, unknown, BusinessDetails>({
    resolver: zodResolver(BusinessDetailsInputSchema),
    defaultValues: asText(details),
  });

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby={headingId}>
      <form noValidate className="card-body gap-4" onSubmit={handleSubmit(onSave)}>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Building2 className="size-5 text-primary" aria-hidden="true" />
          Business details
        </h2>
        <p className="text-sm text-base-content/75">
          Printed on the invoices and credit notes you issue from now on. Those already issued keep the
          details they were issued with.
        </p>
        <BusinessDetailsFields formId={formId} register={register} errors={errors} />
        <div className="card-actions justify-end">
          <BusyButton type="submit" className="btn btn-primary" busy={saving} busyLabel="Saving...">
            Save business details
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
