/**
 * A tone and a buzz where the device allows (the end of a rest, a timer's round): the Web Audio
 * API for the tone, the Vibration API for the buzz. Browsers start audio only after a tap, so
 * `wakeAudio` is called from one (a timer's start) and later tones play on that context.
 */
let context: AudioContext | null = null

export function wakeAudio(): void {
  try {
    context ??= new AudioContext()
    void context.resume()
  } catch {
    // No audio on this device: the screen and the buzz say it.
  }
}

export function signal({
  tone = 880,
  ms = 250,
  buzz = [200, 100, 200],
}: { tone?: number; ms?: number; buzz?: number[] } = {}) {
  navigator.vibrate?.(buzz)
  try {
    context ??= new AudioContext()
    // A phone suspends the audio when it locks: wake it again for this tone.
    if (context.state !== 'running') void context.resume()
    const oscillator = context.createOscillator()
    oscillator.frequency.value = tone
    oscillator.connect(context.destination)
    oscillator.start()
    oscillator.stop(context.currentTime + ms / 1000)
  } catch {
    // As above.
  }
}
