import { describe, expect, it } from 'vitest'
import { questionWords } from '../../src/main/vector-fs/question-words'

describe('questionWords: what a question asks about', () => {
  it("leaves out its language's common words, and English question words the stopword list lacks", async () => {
    expect(await questionWords('Who leads the Falcon project?')).toEqual(['leads', 'falcon', 'project'])
    expect(await questionWords('When does the Berlin office lease end?')).toEqual(['berlin', 'office', 'lease', 'end'])
  })

  it('takes the language whose common words the question holds most of', async () => {
    expect(await questionWords('Wer leitet das Projekt Falke?')).toEqual(['leitet', 'projekt', 'falke'])
    expect(await questionWords('Qui dirige le projet Faucon ?')).toEqual(['dirige', 'projet', 'faucon'])
    // German's "war" (was) is an English word: an English question keeps it.
    expect(await questionWords('When did the war end?')).toEqual(['war', 'end'])
  })

  it('compares words as the indexes do: accents and case do not hide a common word', async () => {
    expect(await questionWords('WER IST FÜR DAS Budget zuständig?')).toEqual(['budget', 'zustandig'])
  })

  it('keeps every word of a question holding no common word, and none of one made only of them', async () => {
    expect(await questionWords('Falcon budget 2027')).toEqual(['falcon', 'budget', '2027'])
    expect(await questionWords('What is this about?')).toEqual([])
    expect(await questionWords('   ?! ')).toEqual([])
  })
})
