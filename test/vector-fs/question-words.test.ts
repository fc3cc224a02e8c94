import { describe, expect, it } from 'vitest'
import { commonWords, questionWords } from '../../src/main/vector-fs/question-words'

describe('questionWords: what a question asks about', () => {
  it("leaves out its language's common words, and English question words the stopword list lacks", async () => {
    expect(await questionWords('Who leads the Falcon project?')).toEqual(['leads', 'falcon', 'project'])
    expect(await questionWords('When does the Berlin office lease end?')).toEqual(['berlin', 'office', 'lease', 'end'])
  })

  it('takes the language whose common words the question holds most of', async () => {
    expect(await questionWords('Wer leitet das Projekt Falke?')).toEqual(['leitet', 'projekt', 'falke'])
    expect(await questionWords('Qui dirige le projet Faucon ?')).toEqual(['dirige', 'projet', 'faucon'])
    // Catalan's list holds as many of its words as Spanish's, but not "quién": the words of both go.
    expect(await questionWords('¿Quién es el dueño de la casa?')).toEqual(['dueno', 'casa'])
    // German's "war" (was) is an English word: an English question keeps it.
    expect(await questionWords('When did the war end?')).toEqual(['war', 'end'])
  })

  it('compares words as the indexes do: accents and case do not hide a common word', async () => {
    expect(await questionWords('WER IST FÜR DAS Budget zuständig?')).toEqual(['budget', 'zustandig'])
  })

  it('keeps English words that name things though some questions use them otherwise: a month, a country', async () => {
    expect(await questionWords('What were the US sales in May?')).toEqual(['us', 'sales', 'may'])
  })

  it('keeps every word of a question holding no common word, and none of one made only of them', async () => {
    expect(await questionWords('Falcon budget 2027')).toEqual(['falcon', 'budget', '2027'])
    // Finnish's list holds "9": a number is what is asked about in every language.
    expect(await questionWords('Room 9')).toEqual(['room', '9'])
    expect(await questionWords('Who is in room 9?')).toEqual(['room', '9'])
    expect(await questionWords('What is this about?')).toEqual([])
    expect(await questionWords('   ?! ')).toEqual([])
  })

  it("keeps an English question's names and words that another language's long list happens to hold", async () => {
    // The Malay list holds "bank", "china", "india"; Brazilian Portuguese's "local", "final"; Lithuanian's "link".
    // Two of them outweighed English's one "of": the question kept "of" and lost what it asked about.
    expect(await questionWords('Bank of China')).toEqual(['bank', 'china'])
    expect(await questionWords('China')).toEqual(['china'])
    expect(await questionWords('local bank')).toEqual(['local', 'bank'])
    expect(await questionWords('Falcon link')).toEqual(['falcon', 'link'])
    expect(await questionWords('India sales 2024')).toEqual(['india', 'sales', '2024'])
    // A question of the other language still loses its common words.
    expect(await questionWords('Wie is de eigenaar van het budget?')).toEqual(['eigenaar', 'budget'])
    expect(await questionWords('Was ist das Budget?')).toEqual(['budget'])
    // "was" and "in" are English's common words too: the words only one language has tell them apart.
    expect(await questionWords('Was ist in der Box?')).toEqual(['box'])
    expect(await questionWords('Is het contract getekend?')).toEqual(['contract', 'getekend'])
    expect(await questionWords('China in 2024')).toEqual(['china', '2024'])
    // English's "a" is a word of many languages: no sign of English.
    expect(await questionWords('Mikor ér véget a szerződés?')).toEqual(['veget', 'szerzodes'])
    expect(await questionWords('Onde fica a sede?')).toEqual(['fica', 'sede'])
    // One common word is enough where it cannot be English.
    expect(await questionWords('Кто руководит проектом Сокол?')).toEqual(['руководит', 'проектом', 'сокол'])
  })

  it('cuts Chinese and Japanese, written without spaces, at their words, and leaves out their common ones', async () => {
    // One phrase to the indexes before: no common word was found in it, and no passage held it whole.
    expect(await questionWords('谁领导猎鹰项目？')).toEqual(['领导', '猎', '鹰', '项目'])
    expect(await questionWords('ファルコン計画を率いるのは誰ですか')).not.toContain('の')
    expect(await questionWords('ファルコン計画を率いるのは誰ですか')).toEqual(expect.arrayContaining(['ファルコン', '計画']))
    // Words around them are left as they were.
    expect(await questionWords('Who leads 猎鹰项目?')).toEqual(['leads', '猎', '鹰', '项目'])
  })
})

describe('commonWords: the words questionWords leaves out (a search counts the others as held)', () => {
  it('are the common words of the language taken, as the indexes compare them; a run of Chinese is none', async () => {
    expect([...(await commonWords('The plan for THE office'))].sort()).toEqual(['for', 'the'])
    expect([...(await commonWords('Wer leitet das Projekt Falke?'))].sort()).toEqual(['das', 'wer'])
    expect([...(await commonWords('office lease renewal'))]).toEqual([])
    expect([...(await commonWords('谁领导猎鹰项目'))]).toEqual(['谁'])
  })
})
