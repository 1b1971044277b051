import type { MessageTree } from '../../app/nest';

/**
 * The settings screen in English (/settings): each setting's name and meaning, the allowed range and the value.
 * The texts of refused values come from domain/messages/settings.ts.
 */
export default {
  app: {
    menu: { settings: 'Settings' },
    settings: {
      help: 'Settings of the whole platform. Each one shows what it does, the values it allows and its value now; a change applies at once.',
      on: 'On',
      off: 'Off',
      rangeOnOff: 'Allowed values: on or off',
      range: 'Allowed values: from %{min} to %{max}',
      current: 'Now: %{value}',
      change: 'Change',
      changeOne: 'Change: %{name}',
      openSettings: 'Change it in the settings',
      // the number with its unit: one |||| more
      units: {
        seconds: '%{n} second |||| %{n} seconds',
        percent: '%{n} %',
        points: '%{n} point |||| %{n} points',
        tries: '%{n} try |||| %{n} tries',
        days: '%{n} day |||| %{n} days',
      },
      items: {
        register_captcha: {
          label: 'Check at sign-up that a person is signing up',
          help: 'When on, the sign-up form runs the check that the visitor is a person (a puzzle the browser solves by itself) before an account is created. Off by default.',
        },
        challenge_cost: {
          label: 'Cost of the check that a person is signing in',
          help: 'The most tries a browser may need to solve the check (half of it on average). Higher makes automated sign-ups and sends slower, and also slows older phones.',
        },
        test_duration_seconds: {
          label: 'Test duration',
          help: 'The time a child has for one challenge of the creativity test, counted from its start. A change applies to tests started afterwards.',
        },
        originality_rare_percent: {
          label: 'Originality: rare answers',
          help: 'An answer whose subcategory is given by fewer than this share of the takers of the same question scores 2 originality points. It cannot be above the uncommon threshold; a change rescores every test.',
        },
        originality_uncommon_percent: {
          label: 'Originality: uncommon answers',
          help: 'An answer whose subcategory is given by fewer than this share (and not rare) scores 1 originality point. It cannot be below the rare threshold; a change rescores every test.',
        },
        marking_disagreement_margin: {
          label: 'Margin before a third marker',
          help: 'When the totals of the two markings of a test differ by more than this many points, the test goes to a third marker.',
        },
        guest_retention_days: {
          label: "Keeping guests' tests",
          help: "A guest (a walk-in test-taker) is removed with their tests, drawings and photos this many days after their last test. Families' and schools' learners are never removed by it. Checked every night.",
        },
      },
    },
  },
} satisfies MessageTree;
