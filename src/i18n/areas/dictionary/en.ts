import type { MessageTree } from '../../app/nest';

/**
 * Dictionary area: the category dictionary page. The English of the server's
 * scoring messages (app.scoring.*) comes from domain/messages/scoring.ts.
 */
export default {
  app: {
    categoryManagement: {
      set: 'Category set',
      setOption: '%{name} (%{smart_count} word) |||| %{name} (%{smart_count} words)',
      newSet: 'New set',
      renameSet: 'Rename set',
      deleteSet: 'Delete set',
      setName: 'Set name',
      setCode: 'Code',
      setCodeHelp: 'Optional: a short name questions refer to, e.g. cup-uses',
      deleteSetTitle: 'Delete the set "%{name}"?',
      deleteSetContent: 'Only an empty set can be deleted. This cannot be undone.',
      noSets: 'There is no category set yet: create one.',
      newCategory: 'New category',
      editCategory: 'Edit category',
      deleteCategory: 'Delete category',
      categoryName: 'Category',
      subcategories: 'Subcategories',
      subcategoryName: 'Subcategory',
      removeSubcategoryNote: 'A subcategory removed here is deleted with its words when you save.',
      deleteCategoryTitle: 'Delete the category "%{name}"?',
      deleteCategoryContent:
        'Its subcategories and its %{smart_count} word are deleted too. |||| Its subcategories and its %{smart_count} words are deleted too.',
      deleteSubcategory: 'Delete subcategory',
      deleteSubcategoryTitle: 'Delete the subcategory "%{name}"?',
      deleteSubcategoryContent:
        'Its %{smart_count} word is deleted too. |||| Its %{smart_count} words are deleted too.',
      subcategoryDeleted: 'The subcategory has been deleted',
      tree: 'Categories and subcategories',
      categoryCounts:
        '%{smart_count} subcategory · %{counter} answers |||| %{smart_count} subcategories · %{counter} answers',
      wordCount: '%{smart_count} word |||| %{smart_count} words',
      counter: 'Answers matched here',
      noCategories: 'This set has no categories yet.',
      chooseSubcategory: 'Choose a subcategory to see and edit its words.',
      wordsOf: 'Words of %{category} › %{subcategory}',
      words: 'Words',
      word: 'Word',
      language: 'Language',
      normalised: 'Normalised form',
      noWords: 'No words yet.',
      addWord: 'Add word',
      editWord: 'Edit word',
      deleteWord: 'Delete word',
      deleteWordTitle: 'Delete the word "%{word}"?',
      deleteWordContent: 'Answers with this word will no longer count in this subcategory once the tests are rescored.',
      wordAdded: 'The word has been added',
      wordDeleted: 'The word has been deleted',
      searchWord: 'Which category holds a word?',
      search: 'Search',
      searchEverySet: 'In every set',
      searchResults: 'Where the word is',
      matchDetail: '%{set} · %{word} (%{language})',
      importWords: 'Import words',
      importTitle: 'Import words into "%{name}"',
      importHelp:
        'Fill in the template: one word per row with its category, subcategory and language (ar, en, de or fr). Missing categories and subcategories are created; words already there are left as they are. If any row is wrong, nothing is imported.',
      downloadTemplate: 'Download the template',
      chooseFile: 'Choose an xlsx file',
      noFile: 'No file chosen',
      import: 'Import',
      importing: 'Importing',
      importResult:
        '%{words} words added (%{unchanged} already there); %{categories} categories and %{subcategories} subcategories created.',
      importErrors: '%{smart_count} problem: nothing was imported. |||| %{smart_count} problems: nothing was imported.',
      importErrorsTable: 'Problems by row and column',
      row: 'Row',
      column: 'Column',
      problem: 'Problem',
      fields: { category: 'category', subcategory: 'subcategory', word: 'word', language: 'language' },
    },
    logs: {
      entities: { category: 'Word category', category_set: 'Category set' },
      actions: { import: 'Imported' },
    },
  },
  resources: {
    categories: { name: 'Category |||| Categories', page: { list: 'Categories' } },
  },
} satisfies MessageTree;
