/** Messages of the settings (app.settings.*): why a new value is refused (domain/schemas/settings.ts). */
export const SETTINGS_MESSAGES = {
  'app.settings.onOrOff': 'This setting is either on or off',
  'app.settings.durationRange': 'The test duration must be a whole number of seconds from 60 to 14400',
  'app.settings.marginRange': 'The margin must be a whole number from 0 to 1000',
  'app.settings.retentionRange': 'The retention period must be a whole number of days from 7 to 3650',
  'app.settings.unknown': 'There is no such setting',
  'app.settings.saved': 'The setting has been saved',
} as const;
