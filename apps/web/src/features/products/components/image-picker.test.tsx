import { IMAGE_MESSAGES, type UploadedImage } from '@bulkwise/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '../api/upload-image';
import type { ProductFormValues } from '../product-form-checks';
import { ImagePicker } from './image-picker';

vi.mock('../api/upload-image', () => ({ uploadImage: vi.fn() }));
const mocked = vi.mocked(uploadImage);

const ID = '0123456789abcdef0123456789abcdef';
const uploaded: UploadedImage = {
  id: ID,
  url: `/images/u/${ID}-900.webp`,
  width: 900,
  height: 600,
  srcset: '',
};

let submitted: unknown;
function Form() {
  const { register, control, handleSubmit } = useForm<ProductFormValues>({
    defaultValues: { image: '' } as ProductFormValues,
  });
  return (
    <form noValidate onSubmit={handleSubmit((v) => (submitted = v.image))}>
      <label htmlFor="image">Image URL</label>
      <ImagePicker input={{ ...register('image'), id: 'image' } as never} control={control} />
      <button type="submit">Save</button>
    </form>
  );
}

const photo = () => new File([new Uint8Array(2048)], 'crate.jpg', { type: 'image/jpeg' });

describe('ImagePicker', () => {
  beforeEach(() => {
    mocked.mockReset();
    submitted = undefined;
  });

  it('uploads a chosen photo with progress, then fills the field and previews every width', async () => {
    let progress: ((sent: number) => void) | undefined;
    let finish: (image: UploadedImage) => void = () => {};
    mocked.mockImplementationOnce((_file, options) => {
      progress = options?.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const user = userEvent.setup();
    render(<Form />);
    await user.upload(screen.getByTestId('image-file-input'), photo());
    expect(mocked).toHaveBeenCalledWith(expect.any(File), expect.anything());
    progress?.(0.4);
    // The bar shows 0 from the start; poll until the 40 % the upload reported is drawn.
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Uploading photo' })).toHaveAttribute('value', '40'),
    );
    expect(screen.getByRole('button', { name: /Upload a photo/ })).toBeDisabled();

    finish(uploaded);
    await waitFor(() => expect(screen.getByLabelText('Image URL')).toHaveValue(uploaded.url));
    const preview = screen.getByTestId('image-preview');
    expect(preview).toHaveAttribute('src', uploaded.url);
    expect(preview.getAttribute('srcset')).toContain(`/images/u/${ID}-320.webp 320w`);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toBe(uploaded.url));
  });

  it('says why an upload was refused and keeps the field as it was; too large a file is not sent', async () => {
    mocked.mockRejectedValueOnce(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.unsupported));
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByLabelText('Image URL'), 'https://cdn.example.com/a.jpg');
    await user.upload(screen.getByTestId('image-file-input'), photo());
    expect(await screen.findByText(IMAGE_MESSAGES.unsupported)).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveValue('https://cdn.example.com/a.jpg');

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByTestId('image-file-input'), huge);
    expect(await screen.findByText(IMAGE_MESSAGES.tooLarge)).toBeInTheDocument();
    expect(mocked).toHaveBeenCalledTimes(1);
  });

  it('takes a dropped photo', async () => {
    mocked.mockResolvedValueOnce(uploaded);
    render(<Form />);
    const zone = screen.getByTestId('image-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [photo()] } });
    await waitFor(() => expect(screen.getByLabelText('Image URL')).toHaveValue(uploaded.url));
  });
});
