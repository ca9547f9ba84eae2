import { backofficeContentCalls as calls } from '@portal/contract';
import { HttpProblem } from '../../lib/problems.js';
import type { BackofficeModule } from '../../doors/backoffice.js';
import { ContentAdminService, MAX_PICTURE_BYTES } from './content-admin.service.js';
import { contentText } from '@portal/contract';
import { registerSavedReplies } from '../saved-replies/saved-replies.js';

/** Content of the back-office (issue 12): memos, FAQ, contact text, service catalogue. */
export const registerContentAdmin: BackofficeModule = (door) => {
  const content = new ContentAdminService();
  door.call(calls.getMemos, (work) => content.memos(work));
  door.call(calls.saveMemo, ({ body, ...work }) => content.saveMemo(work, body));
  door.call(calls.deleteMemo, ({ body, ...work }) => content.deleteMemo(work, body.id));
  door.call(calls.getFaqItems, (work) => content.faqItems(work));
  door.call(calls.saveFaqItem, ({ body, ...work }) => content.saveFaqItem(work, body));
  door.call(calls.moveFaqItem, ({ body, ...work }) => content.moveFaqItem(work, body.id, body.direction));
  door.call(calls.deleteFaqItem, ({ body, ...work }) => content.deleteFaqItem(work, body.id));
  door.call(calls.getContactText, (work) => content.contactText(work));
  door.call(calls.saveContactText, ({ body, ...work }) => content.saveContactText(work, body.text));
  door.call(calls.getServiceProducts, (work) => content.serviceProducts(work));
  door.call(calls.saveServiceProduct, ({ body, ...work }) => content.saveServiceProduct(work, body));
  door.call(calls.getCustomerChoices, (work) => content.customerChoices(work));
  // The answers staff choose in an item's answer form (issue 30.4), kept beside the other content.
  registerSavedReplies(door);

  // The picture comes as the body itself (image/png or image/jpeg), in a scope of its own that reads it.
  void door.scope.register(async (pictures) => {
    pictures.addContentTypeParser(['image/png', 'image/jpeg'], { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES }, (_request, body, done) => done(null, body));
    pictures.setErrorHandler((error) => {
      if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new HttpProblem(400, contentText.pictureType, { file: [contentText.pictureType] });
      }
      throw error;
    });
    door.document(calls.uploadServiceProductImage);
    pictures.route({
      method: 'POST',
      url: calls.uploadServiceProductImage.path,
      schema: { querystring: calls.uploadServiceProductImage.query },
      onRequest: door.guard(calls.uploadServiceProductImage),
      handler: async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new HttpProblem(400, contentText.pictureType, { file: [contentText.pictureType] });
        const { Id } = request.query as { Id: number };
        await door.act(request, (work) => content.saveServiceProductImage(work, Id, body));
        return reply.code(204).send();
      },
    });
  });
};
