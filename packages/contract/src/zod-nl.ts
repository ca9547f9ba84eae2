import { z } from 'zod';
import { validation as v } from './messages.js';

/**
 * Dutch wording for every zod issue that a schema does not word itself, so that no English default ever
 * reaches a user or an API client. Imported once by the package index (side effect on zod's global config).
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? v.required : v.invalidValue;
      case 'too_big':
        return issue.origin === 'string' ? v.tooLong(Number(issue.maximum)) : v.tooLarge(Number(issue.maximum));
      case 'too_small':
        return issue.origin === 'string' ? v.tooShort(Number(issue.minimum)) : v.tooSmall(Number(issue.minimum));
      case 'unrecognized_keys':
        return v.unknownField;
      case 'invalid_format':
        return issue.format === 'email' ? v.invalidEmail : v.invalidValue;
      default:
        return v.invalidValue;
    }
  },
});
