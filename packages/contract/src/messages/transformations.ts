/** Messages of the supply chain's transformations (ADR 036). */
export const TRANSFORMATIONS_MESSAGES = {
  vi: {
    transformation_created: 'Đã ghi nhận chế biến, tạo lô hàng mới.',
    input_lot_unavailable: 'Lô đầu vào "{{lot}}" đang tạm dừng hoặc đã thu hồi, không thể dùng để chế biến.',
    pleaseSelectInputLot: 'Vui lòng chọn lô đầu vào.',
    inputLotNotFound: 'Lô hàng không tồn tại hoặc không thuộc đơn vị của bạn.',
    transformationLocationInvalid: 'Địa điểm không tồn tại hoặc không thuộc đơn vị của bạn.',
    transformationNeedsInput: 'Cần ít nhất một lô đầu vào.',
    tooManyInputs: 'Tối đa {{max}} lô đầu vào.',
    duplicateInputLot: 'Mỗi lô đầu vào chỉ được chọn một lần.',
    transformedOnFuture: 'Ngày chế biến không được ở tương lai.',
  },
  en: {
    transformation_created: 'Transformation recorded; a new batch was created.',
    input_lot_unavailable: 'Input lot "{{lot}}" is on hold or recalled and cannot be transformed.',
    pleaseSelectInputLot: 'Please select an input lot.',
    inputLotNotFound: 'The lot does not exist or does not belong to your producer.',
    transformationLocationInvalid: 'The location does not exist or does not belong to your producer.',
    transformationNeedsInput: 'At least one input lot is needed.',
    tooManyInputs: 'At most {{max}} input lots.',
    duplicateInputLot: 'Each input lot may be chosen once.',
    transformedOnFuture: 'The transformation date cannot be in the future.',
  },
} as const;
