import { parseAnswers, parseQuiz, scoreQuiz } from './quiz-rules';

const questions = [
  {
    text: 'En',
    explanation: '',
    choices: [
      { text: 'a', correct: false },
      { text: 'b', correct: true },
    ],
  },
  {
    text: 'To',
    explanation: 'Forklaring',
    choices: [
      { text: 'a', correct: true },
      { text: 'b', correct: true },
      { text: 'c', correct: false },
    ],
  },
  {
    text: 'Tre',
    explanation: '',
    choices: [
      { text: 'a', correct: true },
      { text: 'b', correct: false },
    ],
  },
];

describe('quiz rules', () => {
  it('a question counts only with exactly its right choices; the score rounds down', () => {
    expect(scoreQuiz(questions, [[1], [0, 1], [0]], 100)).toEqual({ scorePercent: 100, passed: true, wrong: [] });
    expect(scoreQuiz(questions, [[1], [0], [0]], 67)).toEqual({ scorePercent: 66, passed: false, wrong: [1] });
    expect(scoreQuiz(questions, [[1], [0, 1, 2], [0]], 66)).toEqual({ scorePercent: 66, passed: true, wrong: [1] });
    expect(scoreQuiz(questions, [[0], [2], [1]], 1)).toEqual({ scorePercent: 0, passed: false, wrong: [0, 1, 2] });
  });

  it('answers are distinct, sorted choice indexes, one list per question', () => {
    expect(parseAnswers([[1, 1], [1, 0], [0]], questions)).toEqual([[1], [0, 1], [0]]);
    for (const bad of [null, {}, [[1], [0]], [[1], [0], []], [[1], [0], [2]], [[1], [0], ['0']], [[1], [0], [-1]]])
      expect(() => parseAnswers(bad, questions)).toThrow();
  });

  it('a quiz is trimmed; blank explanations are allowed, a question without a right choice is not', () => {
    const q = parseQuiz({
      passPercent: 80,
      questions: [
        {
          text: ' Hva? ',
          choices: [
            { text: ' a ', correct: true },
            { text: 'b', correct: false },
          ],
        },
      ],
    });
    expect(q).toEqual({
      passPercent: 80,
      questions: [
        {
          text: 'Hva?',
          explanation: '',
          choices: [
            { text: 'a', correct: true },
            { text: 'b', correct: false },
          ],
        },
      ],
    });
    expect(() =>
      parseQuiz({
        passPercent: 80,
        questions: [
          {
            text: 'Hva?',
            choices: [
              { text: 'a', correct: false },
              { text: 'b', correct: false },
            ],
          },
        ],
      }),
    ).toThrow('Spørsmål 1 må ha minst ett riktig svar');
    expect(() => parseQuiz({ passPercent: 101, questions })).toThrow(/Bestått-grensen/);
  });
});
