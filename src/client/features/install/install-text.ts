export const installText = {
  title: 'Put Coachline on your home screen',
  why: 'Open it in one tap like an app, log your sets with no signal, and hear of your coach’s comments.',
  install: 'Install Coachline',
  notNow: 'Not now',
  installed: 'Coachline is on your home screen',
  iosSteps: [
    'In Safari, tap the Share button (the square with an arrow).',
    'Choose Add to Home Screen, then Add.',
    'Open Coachline from your Home Screen. There you can turn on notifications, on your account page.',
  ],
} as const
