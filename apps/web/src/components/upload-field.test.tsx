import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { UploadField } from './upload-field';

function drop(file: File) {
  const input = screen.getByTestId('doc-input') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('UploadField', () => {
  it('refuses a file of another type before anything is sent', async () => {
    const onChange = vi.fn();
    renderWithProviders(<UploadField label="Front" value={null} onChange={onChange} testId="doc" />);
    drop(new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByText('Only PDF, JPEG or PNG files are accepted.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit', async () => {
    const onChange = vi.fn();
    renderWithProviders(<UploadField label="Front" value={null} onChange={onChange} testId="doc" />);
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    drop(big);
    expect(await screen.findByText('The file is larger than the 10 MB limit.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('accepts a PNG and shows it with its progress', async () => {
    const onChange = vi.fn();
    const file = new File([new Uint8Array([0x89, 0x50])], 'front.png', { type: 'image/png' });
    const first = renderWithProviders(<UploadField label="Front" value={null} onChange={onChange} testId="doc" />);
    drop(file);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(file));
    first.unmount();
    renderWithProviders(<UploadField label="Front" value={file} onChange={onChange} progress={40} testId="doc" />);
    expect(screen.getByTestId('doc-name')).toHaveTextContent('front.png');
    // Two bytes: a kilobyte at most, never "0 MB".
    expect(screen.getByText('1 kB')).toBeInTheDocument();
    expect(screen.getByLabelText('Uploaded 40%')).toBeInTheDocument();
  });
});
