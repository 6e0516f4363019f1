import { useEffect, useImperativeHandle, useRef, type Ref, type RefObject } from 'react'
import { useTakingOver } from './hydration.ts'

/**
 * A field of a page the server drew (docs/first-paint.md#until-the-app-runs) can be
 * typed into, or filled in by the browser, before React takes the page over. The text is then in
 * the field but not in the form's state, and React, which never saw the typing, would submit an
 * empty form. When React takes the field over, this hands what is in it to the field's onChange,
 * as if it were typed then. A field React drew itself is left alone (its state is what it shows,
 * or what the browser made of it: an email field drops spaces).
 *
 * Returns the ref to give the <input>; the caller's own ref gets the same element.
 */
export function useTypedBeforeHydration(
  value: unknown,
  ref: Ref<HTMLInputElement> | undefined,
): RefObject<HTMLInputElement | null> {
  const field = useRef<HTMLInputElement | null>(null)
  useImperativeHandle(ref, () => field.current as HTMLInputElement, [])
  const initial = useRef(useTakingOver() ? value : undefined)
  useEffect(() => {
    const node = field.current
    const expected = initial.current
    if (!node || expected === undefined || expected === null || node.value === String(expected)) return
    const typed = node.value
    // React watches the field's value through the element's own `value` property: setting it there
    // tells React the field holds the state's value; setting the typed text past it (the prototype's
    // setter) and announcing an input makes React see the change and call onChange with it.
    node.value = String(expected)
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(node, typed)
    node.dispatchEvent(new Event('input', { bubbles: true }))
  }, [])
  return field
}
