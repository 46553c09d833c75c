// The Result constructors live with the Result (common/problem.ts); handlers import them from here.
export { fail, failWith, ok } from '../../../common/problem';
