import type { TranslationMessages } from 'ra-core';
import baseFrenchMessages from 'ra-language-french';

/**
 * French base messages for react-admin 5: ra-language-french 5.15, which has
 * every key of ra-language-english (tests/console/ra-messages.test.ts checks it).
 *
 * A few of its messages drop the %{name} the English ones show (the resource
 * label); those are given here with it, so a confirmation names what it is about.
 */
export const frenchMessages: TranslationMessages = {
  ...baseFrenchMessages,
  ra: {
    ...baseFrenchMessages.ra,
    message: {
      ...baseFrenchMessages.ra.message,
      bulk_delete_content:
        'Êtes-vous sûr(e) de vouloir supprimer cet élément (%{name}) ? |||| Êtes-vous sûr(e) de vouloir supprimer ces %{smart_count} éléments ?',
      bulk_update_content:
        'Êtes-vous sûr(e) de vouloir modifier %{name} %{recordRepresentation} ? |||| Êtes-vous sûr(e) de vouloir modifier ces %{smart_count} éléments ?',
      delete_content: 'Êtes-vous sûr(e) de vouloir supprimer cet élément (%{name}) ?',
    },
    page: {
      ...baseFrenchMessages.ra.page,
      // « Pas encore de %{name} » would take the label's singular (French counts 0 as one): « Pas encore de Activité »
      empty: '%{name} : rien pour l’instant.',
    },
    navigation: {
      ...baseFrenchMessages.ra.navigation,
      no_filtered_results: '%{name} : aucun résultat avec les filtres actuels.',
      no_results: '%{name} : aucun résultat',
    },
  },
};

export default frenchMessages;
