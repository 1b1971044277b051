import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in (vitest.config.ts `sequence.sequencer`): the browser files first, longest first, then
 * the rest in vitest's own order. The browser files are the longest of the suite (one alone takes five minutes
 * of the twenty), and each leaves part of a core idle while Chromium or its API server waits, so they start at
 * once and the API and console files fill the gaps around them. A browser file kept to run one at a time would
 * run after all the others, alone: vitest 4 puts the files of a project with `fileParallelism: false` into a
 * group of their own that starts when every other file has finished (measured: 945 s of a 1,570 s run).
 */
export default class BrowserFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isBrowserFile = (file: TestSpecification) => file.project.name === 'e2e';
    return [...sorted.filter(isBrowserFile), ...sorted.filter((file) => !isBrowserFile(file))];
  }
}
