import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, QRCode } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { saveFile } from '../../../shared/ui/download.ts';

/** Pixels of the downloaded PNG (the QR code drawn at 3× its on-screen size). */
const PNG_SCALE = 3;

/** Draws the shown SVG QR code on a canvas and hands the PNG to the browser. */
async function downloadPng(svg: SVGSVGElement, size: number, fileName: string): Promise<void> {
  const source = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the QR code could not be drawn'));
    image.src = url;
  });
  const canvas = document.createElement('canvas');
  canvas.width = size * PNG_SCALE;
  canvas.height = size * PNG_SCALE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('no PNG');
  saveFile({ blob, filename: fileName }, fileName);
}

interface LinkQrProps {
  /** The address the code holds. */
  value: string;
  /** Its accessible name ("QR code of PL…"). */
  label: string;
  size?: number;
  /** Offer the code as a PNG file of this name. */
  download?: string;
}

/** A QR code of an address (antd QRCode as SVG, an image named for screen readers), optionally downloadable as PNG. */
export function LinkQr({ value, label, size = 200, download }: LinkQrProps) {
  const { t } = useTranslation('paymentLink');
  const box = useRef<HTMLDivElement>(null);
  const save = () => {
    const svg = box.current?.querySelector('svg');
    if (!svg || !download) return;
    downloadPng(svg, size, download).catch(() => notify.error(t('qr.downloadFailed')));
  };
  return (
    <Flex vertical gap={8} align="center">
      <div ref={box}>
        {/* antd hands aria-* props to the SVG itself (role img): the image is named where it is drawn. */}
        <QRCode value={value} type="svg" size={size} bordered={false} errorLevel="M" aria-label={label} />
      </div>
      {download && (
        <Button icon={<DownloadOutlined aria-hidden />} onClick={save}>
          {t('qr.download')}
        </Button>
      )}
    </Flex>
  );
}
