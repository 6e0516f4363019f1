import { useEffect, useRef } from 'react'

/** An image shown from bytes on the device (a photo not sent yet), its object URL released when it goes. */
export function BlobImage({ blob, alt, className }: { blob: Blob; alt: string; className?: string }) {
  const image = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const url = URL.createObjectURL(blob)
    if (image.current) image.current.src = url
    return () => URL.revokeObjectURL(url)
  }, [blob])
  return <img ref={image} alt={alt} className={className} />
}
