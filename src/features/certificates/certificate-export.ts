import { CERTIFICATE_FACE, certificateMessages } from '@/contract/certificates'
import { toast } from '@/components/toast'

/** The drawn certificate of a serial (the first one on the page: previews and modal draw the same). */
export function findCertificateElement(serial: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-certificate="${CSS.escape(serial)}"]`)
}

/** The page's stylesheets, so the print window draws the certificate exactly as the page does. */
function pageStyles(): string {
  return [...document.querySelectorAll('link[rel="stylesheet"], style')]
    .map((node) => node.outerHTML)
    .join('')
}

/**
 * Spec §7.3: PDF export opens a print window holding only the certificate on an A4 landscape page;
 * the browser's print dialog saves it as PDF.
 */
export function printCertificate(serial: string): void {
  const element = findCertificateElement(serial)
  if (!element) {
    toast.error(certificateMessages.elementNotFound)
    return
  }
  const popup = window.open('', '_blank', 'width=1200,height=900')
  if (!popup) {
    toast.error(certificateMessages.popupBlocked)
    return
  }
  try {
    const doc = popup.document
    doc.open()
    doc.write(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certificate ${serial}</title>${pageStyles()}` +
        '<style>@page{size:A4 landscape;margin:0}html,body{margin:0;padding:0;background:#fff}' +
        'body{-webkit-print-color-adjust:exact;print-color-adjust:exact}</style></head>' +
        `<body>${element.outerHTML}</body></html>`,
    )
    doc.close()
    const print = () => {
      popup.focus()
      popup.print()
    }
    // Print once the copied stylesheets have loaded, or the page would print unstyled.
    if (doc.readyState === 'complete') window.setTimeout(print, 300)
    else popup.addEventListener('load', print, { once: true })
    toast.success(certificateMessages.pdfStarted)
  } catch (error) {
    console.error(certificateMessages.pdfFailed, error)
    popup.close()
    toast.error(certificateMessages.pdfFailedRetry)
  }
}

/** Spec §7.3: the certificate as a PNG at scale 3, named after its serial number. */
export async function downloadCertificateImage(serial: string): Promise<void> {
  const element = findCertificateElement(serial)
  if (!element) {
    toast.error(certificateMessages.elementNotFound)
    return
  }
  try {
    const { toPng } = await import('html-to-image')
    const url = await toPng(element, {
      pixelRatio: CERTIFICATE_FACE.imageScale,
      width: CERTIFICATE_FACE.width,
      height: CERTIFICATE_FACE.height,
      backgroundColor: '#ffffff',
    })
    const link = document.createElement('a')
    link.href = url
    link.download = `${serial}.png`
    document.body.append(link)
    link.click()
    link.remove()
  } catch (error) {
    console.error('certificate image failed', error)
    toast.error(certificateMessages.imageFailed)
  }
}
