// Texts of the landing page (spec §1 marketing claims, §2 landing, §9 pricing).

export const FEATURES = [
  {
    title: 'HIPAA-compliant',
    text: 'Encryption, row-level security and read-only calendar access keep patient information protected.',
  },
  {
    title: 'Trusted by 1,000+ users',
    text: 'Home health nurses and therapists already plan their visits with HomeRounds.',
  },
  {
    title: '99.9% visit reliability',
    text: 'Your schedule stays in sync with your Google Calendar, so no visit slips through.',
  },
  {
    title: '40% less travel time',
    text: 'Route optimization puts your visits in the best order and adds realistic travel time.',
  },
  {
    title: '24/7 support',
    text: 'Real people are ready to help whenever your day starts or ends.',
  },
] as const;

export const STEPS = [
  {
    title: 'Connect your Google account',
    text: 'Sign in with Google. HomeRounds reads your calendar, never changes it without you.',
  },
  {
    title: 'Meet your AI assistant',
    text: 'Talk or type to add appointments, reschedule visits and ask about your day.',
  },
  {
    title: 'Start optimizing',
    text: 'Get the best order for your visits and spend less time on the road.',
  },
] as const;

export const PRICING = {
  plan: 'Professional Plan',
  price: '$99',
  period: 'per month per home health professional',
  trial: '14-day free trial',
  terms: ['No credit card required', 'Cancel anytime'],
  inclusions: [
    'Unlimited AI voice interactions',
    'Calendar integration',
    'Route optimization',
    'Visit scheduling',
    'HIPAA-compliant data protection',
    '24/7 priority support',
  ],
} as const;

export const DEMO_SLIDES = [
  {
    title: 'Sign in with Google',
    text: 'One click connects your Google account. HomeRounds only asks to read your calendar.',
  },
  {
    title: 'See your schedule',
    text: 'Your next 30 days of visits appear in a month, week or day view.',
  },
  {
    title: 'Ask your assistant',
    text: '“Schedule a home visit on Friday at 10 am” — by voice or chat, and it is on your calendar.',
  },
  {
    title: 'Drive less',
    text: 'Ask for the best order for tomorrow’s patients and get a shorter route with travel time added.',
  },
] as const;
