import { imageSrcset } from '@bulkwise/contracts';
import { useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { TextInput } from '@/components/form/controls';
import type { ProductFormValues } from '../product-form-checks';
import { ImageDropZone } from './image-drop-zone';
import { useImageUpload } from './use-image-upload';

/**
 * The product's image: drop or choose a photo (uploaded at once, with progress, its address put in the
 * field), or paste an image URL as before. The field stays the one text input the form validates.
 */
export function ImagePicker({
  input,
  control,
}: {
  input: UseFormRegisterReturn;
  control: Control<ProductFormValues>;
}) {
  const value = String(useWatch({ control, name: 'image' }) ?? '').trim();
  const { field, upload, send } = useImageUpload(input);

  return (
    <div className="flex flex-col gap-2">
      <ImageDropZone value={value} upload={upload} onFile={(file) => void send(file)} />
      <TextInput
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com/product.jpg"
        required
        {...input}
        ref={(element) => {
          field.current = element;
          input.ref(element);
        }}
      />
      {value && imageSrcset(value) && (
        <p className="text-xs text-base-content/70">Uploaded photo: stored in four sizes for fast pages.</p>
      )}
    </div>
  );
}
