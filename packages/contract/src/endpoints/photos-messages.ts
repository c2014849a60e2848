import { commonMessages } from '../common-messages.js';
import { filesMessages } from './files-messages.js';

/**
 * Every Chinese message of the pet library, the person-image library and the videos made from them
 * (spec 001 §2, §5), kept once so the server and the web app say the same words.
 */
export const photoLibraryMessages = {
  // Upload dialog (spec 001 §5)
  petNameRequired: '请填写宠物名称！',
  personNameRequired: '请填写人物图片名称！',
  petImageRequired: '请上传宠物图片！',
  personImageRequired: '请上传人物图片图片！',
  imageRule: filesMessages.imageRule,
  imageTooLarge: filesMessages.imageTooLarge,
  imageTooSmall: filesMessages.imageTooSmall,
  uploaded: '上传成功',
  deleted: commonMessages.deleted,
  deleteCancelled: commonMessages.deleteCancelled,
  confirmDelete: '删除后将无法恢复，确定要删除这张图片吗？',
  photoMissing: '图片不存在或无权操作',
  onlyOwnDeletable: '只能删除自己上传的图片',
  fileNotImage: '所选文件不是图片，请上传PNG/JPG格式的图片',

  // Usage rules (the upload dialog's agreement and its rules dialog)
  agree: '我已阅读并同意',
  rulesLink: '《图片使用规则》',
  rulesTitle: '图片使用规则',
  rules: [
    '请上传本人拥有或已获授权使用的图片，不得侵犯他人肖像权、著作权等合法权益。',
    '不得上传含有违法、色情、暴力、政治敏感等内容的图片。',
    '图片需为PNG或JPG格式，大小不超过10MB，宽高均不小于300像素。',
    '人物图片建议正脸、五官清晰无遮挡；宠物图片建议主体居中、面部清晰。',
    '因违反以上规则产生的一切后果由上传者承担，平台有权删除违规内容。',
  ],

  // Libraries
  petTitle: '宠物视频',
  personTitle: '照片说话',
  petLibrary: 'AI宠物库',
  personLibrary: 'AI形象库',
  myUploads: '我的上传',
  materialLibrary: '素材库',
  uploadPet: '上传宠物',
  uploadPerson: '上传人物图片',
  createVideo: '创作视频',
  petLibraryEmpty: '宠物库暂无内容，运营上新后会在这里显示',
  personLibraryEmpty: '形象库暂无内容',
  myUploadsEmpty: '还没有上传过图片，点击上传吧',
  materialEmpty: '素材库中暂无图片',
  petNamePlaceholder: '请输入宠物名称',
  personNamePlaceholder: '请输入人物图片名称',
  petImageLabel: '宠物图片',
  personImageLabel: '人物图片',
  nameLabel: '名称',
  imageHint: '支持PNG/JPG格式，10MB以内，宽高不小于300像素',

  // Creation (POST /api/user/works with photo_id)
  petRequired: '请选择宠物',
  personRequired: '请选择人物图片',
  choosePet: '选择宠物',
  choosePerson: '选择人物图片',
  goUpload: '去上传',
  photoChannelMissing: '该通道不存在',
  photoChannelUnavailable: '该通道暂未开通，请选择其他通道',
  petCreditAction: '宠物视频合成',
  personCreditAction: '照片说话合成',
} as const;
