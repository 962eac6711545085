import { Button, Group, Modal } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { IconDownload, IconPhoto, IconZoomIn } from '@tabler/icons-react'
import { useState } from 'react'
import { CERTIFICATE_FACE } from '@/contract/certificates'
import { downloadCertificateImage, printCertificate } from '../certificate-export'
import { CertificateFace, type CertificateFaceData } from './certificate-face'
import classes from './certificate-preview.module.css'

/** The certificate scaled to the width it is given (the face keeps its A4 size for exports). */
export function ScaledCertificate({ certificate }: { certificate: CertificateFaceData }) {
  const { ref, width } = useElementSize()
  const scale = width > 0 ? width / CERTIFICATE_FACE.width : 0
  return (
    <div
      ref={ref}
      className={classes.viewport}
      style={{ aspectRatio: `${CERTIFICATE_FACE.width} / ${CERTIFICATE_FACE.height}` }}
    >
      <div className={classes.canvas} style={{ transform: `scale(${scale})` }}>
        <CertificateFace certificate={certificate} />
      </div>
    </div>
  )
}

/** Spec §2.7: the scaled preview; a click opens it full size with 'Download as PDF' and 'Download as Image'. */
export function CertificatePreview({ certificate }: { certificate: CertificateFaceData }) {
  const [open, setOpen] = useState(false)
  const serial = certificate.serial_number
  return (
    <>
      {/* Named by its visible caption: an aria-label over the certificate's own text would not contain
          what sighted speech users read on the button (WCAG 2.5.3). The face is read in the details. */}
      <button type="button" className={classes.open} onClick={() => setOpen(true)}>
        <span aria-hidden className={classes.face}>
          <ScaledCertificate certificate={certificate} />
        </span>
        <span className={classes.caption}>
          <IconZoomIn size={16} aria-hidden />
          Open the certificate at full size
        </span>
      </button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Certificate ${serial}`}
        size={CERTIFICATE_FACE.width + 48}
        centered
      >
        <div className={classes.full}>
          <CertificateFace certificate={certificate} />
        </div>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => printCertificate(serial)}
          >
            Download as PDF
          </Button>
          <Button
            leftSection={<IconPhoto size={16} aria-hidden />}
            onClick={() => void downloadCertificateImage(serial)}
          >
            Download as Image
          </Button>
        </Group>
      </Modal>
    </>
  )
}
