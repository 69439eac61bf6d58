BB0:
	v_lshl_add_u32 v0, s4, 6, v0                                ; d6460000 04010c04
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmpx_gt_u32_e32 s3, v0                                    ; 7d980003
	s_cbranch_execz BB116                                       ; bfa50187
BB1:
	s_mov_b32 s0, s2                                            ; be800002
	s_movk_i32 s1, 0x8000                                       ; b0018000
	s_add_u32 s2, s2, 32                                        ; 8002a002
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_clause 0x1                                                ; bf850001
	s_load_b64 s[2:3], s[2:3], null                             ; f4040081 f8000000
	s_load_b128 s[4:7], s[0:1], null                            ; f4080100 f8000000
	v_lshlrev_b32_e32 v1, 5, v0                                 ; 30020085
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_clause 0x1                                                ; bf850001
	buffer_load_b128 v[4:7], v1, s[4:7], 0 offen                ; e05c0000 80410401
	buffer_load_b128 v[8:11], v1, s[4:7], 0 offen offset:16     ; e05c0010 80410801
	s_load_b32 s6, s[2:3], null                                 ; f4000181 f8000000
	v_mbcnt_lo_u32_b32 v2, -1, 0                                ; d71f0002 000100c1
	s_bfm_b64 s[4:5], 42, 3                                     ; 958483aa
	s_brev_b64 s[8:9], 0x401                                    ; be8805ff 00000401
	s_mov_b32 s10, -1                                           ; be8a00c1
	s_mov_b32 s11, 0x810003ff                                   ; be8b00ff 810003ff
	v_mov_b32_e32 v16, 0                                        ; 7e200280
	v_mov_b32_e32 v18, s2                                       ; 7e240202
	v_mbcnt_hi_u32_b32 v2, -1, v2                               ; d7200002 000204c1
	v_mov_b32_e32 v19, s3                                       ; 7e260203
	v_mov_b32_e32 v20, s2                                       ; 7e280202
	v_mov_b32_e32 v21, s3                                       ; 7e2a0203
	v_mov_b32_e32 v24, 5                                        ; 7e300285
	v_mov_b32_e32 v25, -1                                       ; 7e3202c1
	v_mov_b32_e32 v26, -1                                       ; 7e3402c1
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_mov_b32_e32 v27, -2                                       ; 7e3602c2
	v_mov_b32_e32 v28, -1                                       ; 7e3802c1
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(SALU_CYCLE_1) ; bf8704b3
	v_mov_b32_e32 v17, v2                                       ; 7e220302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_add_u32 s6, s2, s6                                        ; 80060602
	s_addc_u32 s7, s3, 0                                        ; 82078003
	s_mov_b64 s[2:3], 0                                         ; be820180
	s_lshr_b64 s[6:7], s[6:7], 3                                ; 85868306
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_b64 s[4:5], s[6:7], s[4:5]                            ; 8b840406
	s_mov_b64 s[6:7], exec                                      ; be86017e
	v_mov_b32_e32 v23, s5                                       ; 7e2e0205
	v_mov_b32_e32 v22, s4                                       ; 7e2c0204
	s_waitcnt vmcnt(1)                                          ; bf8907f7
	v_mov_b32_e32 v1, v6                                        ; 7e020306
	v_mov_b32_e32 v3, v5                                        ; 7e060305
	v_mov_b32_e32 v12, v4                                       ; 7e180304
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_mov_b32_e32 v14, v9                                       ; 7e1c0309
	v_mov_b32_e32 v15, v8                                       ; 7e1e0308
	v_mov_b32_e32 v13, v10                                      ; 7e1a030a
BB2:
	s_mov_b64 s[14:15], exec                                    ; be8e017e
	s_mov_b64 s[16:17], 0                                       ; be900180
	s_mov_b64 s[18:19], 0                                       ; be920180
	s_mov_b64 s[20:21], 0                                       ; be940180
	s_mov_b64 s[22:23], exec                                    ; be96017e
	v_rcp_f32_e32 v32, v14                                      ; 7e40550e
	v_rcp_f32_e32 v31, v15                                      ; 7e3e550f
	v_rcp_f32_e32 v30, v13                                      ; 7e3c550d
BB3:
	v_cmpx_eq_i32_e32 -1, v24                                   ; 7d8430c1
	s_cbranch_execz BB38                                        ; bfa5004b
BB4:
	s_mov_b64 s[24:25], exec                                    ; be98017e
	v_cmpx_gt_i32_e32 0x100, v2                                 ; 7d8804ff 00000100
BB5:
	s_or_b64 s[18:19], s[18:19], exec                           ; 8c927e12
	s_and_b64 s[26:27], s[12:13], exec                          ; 8b9a7e0c
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_or_b64 s[16:17], s[16:17], s[26:27]                       ; 8c901a10
	s_and_not1_b64 s[24:25], s[24:25], exec                     ; 91987e18
	s_and_not1_b64 s[22:23], s[22:23], exec                     ; 91967e16
	s_cbranch_scc0 BB96                                         ; bfa10117
BB12:
	s_mov_b64 exec, s[24:25]                                    ; befe0118
	s_cbranch_execz BB38                                        ; bfa5003f
BB13:
	v_cmp_ge_i32_e32 vcc, v28, v2                               ; 7c8c051c
	v_cmp_eq_i32_e64 s[26:27], v25, v27                         ; d442001a 00023719
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	s_or_b64 s[26:27], vcc, s[26:27]                            ; 8c9a1a6a
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_b64 exec, s[26:27], exec                              ; 8bfe7e1a
BB14:
	v_rcp_f32_e32 v30, v10                                      ; 7e3c550a
	v_rcp_f32_e32 v31, v8                                       ; 7e3e5508
	v_rcp_f32_e32 v32, v9                                       ; 7e405509
	v_mov_b32_e32 v1, v6                                        ; 7e020306
	v_mov_b32_e32 v3, v5                                        ; 7e060305
	v_mov_b32_e32 v12, v4                                       ; 7e180304
	v_mov_b32_e32 v13, v10                                      ; 7e1a030a
	v_mov_b32_e32 v14, v9                                       ; 7e1c0309
	v_mov_b32_e32 v15, v8                                       ; 7e1e0308
	v_mov_b32_e32 v22, s4                                       ; 7e2c0204
	v_mov_b32_e32 v23, s5                                       ; 7e2e0205
	v_mov_b32_e32 v25, v26                                      ; 7e32031a
	v_mov_b32_e32 v27, -2                                       ; 7e3602c2
	v_mov_b32_e32 v28, -1                                       ; 7e3802c1
BB19:
	s_mov_b64 exec, s[24:25]                                    ; befe0118
	v_cmpx_ge_i32_e32 v17, v2                                   ; 7d8c0511
	s_cbranch_execz BB30                                        ; bfa5001c
BB20:
	v_lshlrev_b64 v[34:35], 3, v[22:23]                         ; d73c0022 00022c83
	v_lshrrev_b32_e32 v36, 3, v25                               ; 32483283
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1) ; bf8700a2
	v_or_b32_e32 v35, 0xffff0000, v35                           ; 384646ff ffff0000
	v_lshl_add_u32 v36, v36, 2, 4                               ; d6460024 02110524
	v_sub_co_u32 v36, vcc, v34, v36                             ; d7016a24 00024922
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_subrev_co_ci_u32_e32 v37, vcc, 0, v35, vcc                ; 444a4680
	global_load_b32 v37, v[36:37], off                          ; dc520000 257c0024
	s_mov_b64 s[26:27], exec                                    ; be9a017e
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_cmpx_eq_i32_e32 -1, v37                                   ; 7d844ac1
BB21:
	s_or_b64 s[18:19], s[18:19], exec                           ; 8c927e12
	s_and_b64 s[28:29], s[12:13], exec                          ; 8b9c7e0c
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_or_b64 s[16:17], s[16:17], s[28:29]                       ; 8c901c10
	s_and_not1_b64 s[26:27], s[26:27], exec                     ; 919a7e1a
	s_and_not1_b64 s[24:25], s[24:25], exec                     ; 91987e18
	s_and_not1_b64 s[22:23], s[22:23], exec                     ; 91967e16
	s_cbranch_scc0 BB96                                         ; bfa100e4
BB28:
	s_mov_b64 exec, s[26:27]                                    ; befe011a
	v_mov_b32_e32 v24, v25                                      ; 7e300319
	v_mov_b32_e32 v25, v37                                      ; 7e320325
BB30:
	s_and_not1_b64 exec, s[24:25], exec                         ; 91fe7e18
	s_cbranch_execz BB33                                        ; bfa50008
BB31:
	v_add_nc_u32_e32 v2, 0xffffff00, v2                         ; 4a0404ff ffffff00
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_and_b32_e32 v24, 0xfff, v2                                ; 363004ff 00000fff
	ds_load_b32 v25, v24                                        ; d8d80000 19000018
	v_mov_b32_e32 v24, -1                                       ; 7e3002c1
BB33:
	s_mov_b64 exec, s[24:25]                                    ; befe0118
BB38:
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_not1_b64 exec, s[22:23], exec                         ; 91fe7e16
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	v_mov_b32_e32 v25, v24                                      ; 7e320318
	v_mov_b32_e32 v24, -1                                       ; 7e3002c1
BB40:
	s_mov_b64 exec, s[22:23]                                    ; befe0116
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_mov_b32_e32 v40, v12                                      ; 7e50030c
	v_mov_b32_e32 v41, v3                                       ; 7e520303
	v_mov_b32_e32 v42, v1                                       ; 7e540301
	v_mov_b32_e32 v43, v31                                      ; 7e56031f
	v_mov_b32_e32 v44, v32                                      ; 7e580320
	v_mov_b32_e32 v45, v30                                      ; 7e5a031e
	v_mov_b32_e32 v46, v15                                      ; 7e5c030f
	v_mov_b32_e32 v47, v14                                      ; 7e5e030e
	v_mov_b32_e32 v48, v13                                      ; 7e60030d
	v_add_co_u32 v34, vcc, v22, v25                             ; d7006a22 00023316
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	v_add_co_ci_u32_e32 v37, vcc, 0, v23, vcc                   ; 404a2e80
	v_mov_b32_e32 v38, v34                                      ; 7e4c0322
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_mov_b32_e32 v39, v37                                      ; 7e4e0325
	image_bvh64_intersect_ray v[40:43], [v[38:39], v11, v[40:42], v[46:48], v[43:45]], s[8:11] ; f0688f81 00022826 2b2e280b
	v_cmp_class_f32_e32 vcc, 0xff800000, v25                    ; 7cfc32ff ff800000
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	s_and_b64 exec, vcc, exec                                   ; 8bfe7e6a
	s_cbranch_execz BB84                                        ; bfa5007c
BB41:
	s_mov_b64 s[24:25], exec                                    ; be98017e
	v_cmpx_class_f32_e32 -1, v25                                ; 7dfc32c1
	s_cbranch_execz BB55                                        ; bfa50042
BB42:
	s_mov_b64 s[26:27], exec                                    ; be9a017e
	v_cmpx_class_f16_e32 0x7c01, v25                            ; 7dfa32ff 00007c01
BB43:
	v_mov_b32_e32 v24, -1                                       ; 7e3002c1
	s_or_b64 s[20:21], s[20:21], exec                           ; 8c947e14
	s_or_b64 s[18:19], s[18:19], exec                           ; 8c927e12
	s_and_b64 s[28:29], s[12:13], exec                          ; 8b9c7e0c
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_or_b64 s[16:17], s[16:17], s[28:29]                       ; 8c901c10
	s_and_not1_b64 s[26:27], s[26:27], exec                     ; 919a7e1a
	s_and_not1_b64 s[24:25], s[24:25], exec                     ; 91987e18
	s_and_not1_b64 s[22:23], s[22:23], exec                     ; 91967e16
	s_cbranch_scc0 BB96                                         ; bfa100a7
BB50:
	s_mov_b64 exec, s[26:27]                                    ; befe011a
BB51:
	v_and_b32_e32 v36, -8, v34                                  ; 364844c8
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_lshlrev_b64 v[12:13], 3, v[36:37]                         ; d73c000c 00024883
	v_or_b32_e32 v13, 0xffff0000, v13                           ; 381a1aff ffff0000
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	s_clause 0x3                                                ; bf850003
	global_load_b128 v[26:29], v[12:13], off                    ; dc5e0000 1a7c000c
	global_load_b128 v[20:23], v[12:13], off offset:16          ; dc5e0010 147c000c
	global_load_b128 v[36:39], v[12:13], off offset:32          ; dc5e0020 247c000c
	global_load_b128 v[40:43], v[12:13], off offset:48          ; dc5e0030 287c000c
	s_waitcnt vmcnt(2)                                          ; bf890bf7
	v_fmac_f32_e32 v23, v4, v20                                 ; 562e2904
	v_mul_f32_e32 v15, v8, v20                                  ; 101e2908
	s_waitcnt vmcnt(1)                                          ; bf8907f7
	v_mul_f32_e32 v14, v8, v36                                  ; 101c4908
	v_fma_f32 v3, v4, v36, v39                                  ; d6130003 049e4904
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_fma_f32 v1, v4, v40, v43                                  ; d6130001 04ae5104
	v_mul_f32_e32 v40, v8, v40                                  ; 10505108
	v_fmac_f32_e32 v23, v5, v21                                 ; 562e2b05
	v_fmac_f32_e32 v15, v9, v21                                 ; 561e2b09
	v_fmac_f32_e32 v14, v9, v37                                 ; 561c4b09
	v_fmac_f32_e32 v3, v5, v37                                  ; 56064b05
	v_fmac_f32_e32 v1, v5, v41                                  ; 56025305
	v_fmac_f32_e32 v40, v9, v41                                 ; 56505309
	v_fmac_f32_e32 v23, v6, v22                                 ; 562e2d06
	v_fmac_f32_e32 v15, v10, v22                                ; 561e2d0a
	v_fmac_f32_e32 v14, v10, v38                                ; 561c4d0a
	v_fmac_f32_e32 v3, v6, v38                                  ; 56064d06
	v_fmac_f32_e32 v1, v6, v42                                  ; 56025506
	v_fmac_f32_e32 v40, v10, v42                                ; 5650550a
	v_rcp_f32_e32 v31, v15                                      ; 7e3e550f
	v_rcp_f32_e32 v32, v14                                      ; 7e40550e
	v_rcp_f32_e32 v30, v40                                      ; 7e3c5528
BB53:
	v_mov_b32_e32 v20, v12                                      ; 7e28030c
	v_mov_b32_e32 v21, v13                                      ; 7e2a030d
	v_mov_b32_e32 v12, v23                                      ; 7e180317
	v_mov_b32_e32 v13, v40                                      ; 7e1a0328
	v_mov_b32_e32 v22, v26                                      ; 7e2c031a
	v_mov_b32_e32 v23, v27                                      ; 7e2e031b
	v_mov_b32_e32 v24, 5                                        ; 7e300285
	v_mov_b32_e32 v26, v25                                      ; 7e340319
	v_mov_b32_e32 v27, 5                                        ; 7e360285
	v_mov_b32_e32 v28, v2                                       ; 7e380302
BB55:
	s_and_not1_b64 exec, s[24:25], exec                         ; 91fe7e18
	s_cbranch_execz BB82                                        ; bfa50034
BB56:
	s_mov_b64 s[26:27], exec                                    ; be9a017e
	v_cmpx_eq_i32_e32 -1, v24                                   ; 7d8430c1
	s_cbranch_execz BB78                                        ; bfa50025
BB57:
	s_mov_b64 s[28:29], exec                                    ; be9c017e
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_cmpx_ne_i32_e32 -1, v41                                   ; 7d8a52c1
	s_cbranch_execz BB75                                        ; bfa5001f
BB58:
	s_mov_b64 s[30:31], exec                                    ; be9e017e
	v_cmpx_ne_i32_e32 -1, v42                                   ; 7d8a54c1
	s_cbranch_execz BB70                                        ; bfa50011
BB59:
	s_mov_b64 s[32:33], exec                                    ; bea0017e
	v_cmpx_ne_i32_e32 -1, v43                                   ; 7d8a56c1
	s_cbranch_execz BB65                                        ; bfa50006
BB60:
	v_and_b32_e32 v24, 0xfff, v2                                ; 363004ff 00000fff
	ds_store_b32 v24, v43                                       ; d8340000 00002b18
	v_add_nc_u32_e32 v2, 0x100, v2                              ; 4a0404ff 00000100
BB65:
	s_mov_b64 exec, s[32:33]                                    ; befe0120
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_and_b32_e32 v24, 0xfff, v2                                ; 363004ff 00000fff
	ds_store_b32 v24, v42                                       ; d8340000 00002a18
	v_add_nc_u32_e32 v2, 0x100, v2                              ; 4a0404ff 00000100
BB70:
	s_mov_b64 exec, s[30:31]                                    ; befe011e
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_2) ; bf870141
	v_and_b32_e32 v24, 0xfff, v2                                ; 363004ff 00000fff
	ds_store_b32 v24, v41                                       ; d8340000 00002918
	v_add_nc_u32_e32 v34, 0xfffff100, v2                        ; 4a4404ff fffff100
	v_add_nc_u32_e32 v2, 0x100, v2                              ; 4a0404ff 00000100
	v_max_i32_e32 v17, v17, v34                                 ; 24224511
BB75:
	s_mov_b64 exec, s[28:29]                                    ; befe011c
	v_mov_b32_e32 v24, v40                                      ; 7e300328
BB78:
	s_and_not1_b64 exec, s[26:27], exec                         ; 91fe7e1a
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_eq_i32_e32 vcc, v24, v40                              ; 7c845118
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	v_cndmask_b32_e32 v34, -1, v41, vcc                         ; 024452c1
	v_cmp_eq_i32_e32 vcc, v24, v41                              ; 7c845318
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	v_cndmask_b32_e32 v34, v34, v42, vcc                        ; 02445522
	v_cmp_eq_i32_e32 vcc, v24, v42                              ; 7c845518
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	v_cndmask_b32_e32 v24, v34, v43, vcc                        ; 02305722
BB82:
	s_mov_b64 exec, s[24:25]                                    ; befe0118
BB84:
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_not1_b64 exec, s[22:23], exec                         ; 91fe7e16
	s_cbranch_execz BB95                                        ; bfa50036
BB85:
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_rcp_f32_e32 v24, v41                                      ; 7e305529
	v_cmp_lt_f32_e32 vcc, 0, v41                                ; 7c225280
	v_lshrrev_b32_e32 v35, 24, v29                              ; 32463a98
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_1) ; bf8700c1
	v_cmp_class_f32_e64 s[24:25], neg(1), v35                   ; d47e0018 20024681
	s_waitcnt_depctr 0xfff                                      ; bf880fff
	v_mul_f32_e32 v40, v40, v24                                 ; 10503128
	s_xor_b64 s[24:25], vcc, s[24:25]                           ; 8d98186a
	v_cmp_lt_f32_e32 vcc, v40, v11                              ; 7c221728
	v_cmp_lt_f32_e64 s[26:27], v7, v40                          ; d411001a 00025107
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	s_and_b64 s[26:27], s[26:27], vcc                           ; 8b9a6a1a
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_saveexec_b64 s[26:27], s[26:27]                       ; be9a211a
	s_cbranch_execz BB93                                        ; bfa50022
BB86:
	v_and_b32_e32 v36, -8, v34                                  ; 364844c8
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_lshlrev_b64 v[30:31], 3, v[36:37]                         ; d73c001e 00024883
	v_or_b32_e32 v31, 0xffff0000, v31                           ; 383e3eff ffff0000
	global_load_b64 v[30:31], v[30:31], off offset:48           ; dc560030 1e7c001e
	s_or_b64 s[20:21], s[20:21], exec                           ; 8c947e14
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_or_b32_e32 v31, v31, v29                                  ; 383e3b1f
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_le_u32_e32 vcc, -2.0, v31                             ; 7c963ef5
	s_waitcnt_depctr 0xfffd                                     ; bf88fffd
	v_cndmask_b32_e32 v33, v33, v30, vcc                        ; 02423d21
	s_and_b64 s[24:25], vcc, s[24:25]                           ; 8b98186a
	s_and_not1_b64 s[28:29], s[12:13], vcc                      ; 919c6a0c
	v_cndmask_b32_e32 v30, v18, v20, vcc                        ; 023c2912
	v_cndmask_b32_e32 v31, v19, v21, vcc                        ; 023e2b13
	v_cndmask_b32_e64 v16, v16, 1, vcc                          ; d5010010 01a90310
	v_cndmask_b32_e32 v11, v11, v40, vcc                        ; 0216510b
	v_mov_b32_e32 v24, -1                                       ; 7e3002c1
	s_or_b64 s[24:25], s[24:25], s[28:29]                       ; 8c981c18
	s_and_not1_b64 s[28:29], exec, vcc                          ; 919c6a7e
	v_mov_b32_e32 v18, v30                                      ; 7e24031e
	v_mov_b32_e32 v19, v31                                      ; 7e26031f
	s_or_b64 s[18:19], s[18:19], s[28:29]                       ; 8c921c12
	s_and_b64 s[24:25], s[24:25], exec                          ; 8b987e18
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_or_b64 s[16:17], s[16:17], s[24:25]                       ; 8c901810
	s_and_not1_b64 s[26:27], s[26:27], exec                     ; 919a7e1a
	s_and_not1_b64 s[22:23], s[22:23], exec                     ; 91967e16
	s_cbranch_scc0 BB96                                         ; bfa10004
BB93:
	s_mov_b64 exec, s[26:27]                                    ; befe011a
	v_mov_b32_e32 v24, -1                                       ; 7e3002c1
BB95:
	s_mov_b64 exec, s[22:23]                                    ; befe0116
	s_branch BB3                                                ; bfa0fedd
BB96:
	s_mov_b64 exec, s[14:15]                                    ; befe010e
	s_nand_b64 s[12:13], s[18:19], s[20:21]                     ; 8e8c1412
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_b64 exec, s[12:13], exec                              ; 8bfe7e0c
BB97:
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_and_b64 s[12:13], s[16:17], exec                          ; 8b8c7e10
	s_or_b64 s[2:3], s[2:3], s[12:13]                           ; 8c820c02
	s_and_not1_b64 s[14:15], s[14:15], exec                     ; 918e7e0e
	s_cbranch_scc0 BB105                                        ; bfa10003
BB104:
	s_mov_b64 exec, s[14:15]                                    ; befe010e
	s_mov_b64 s[12:13], s[16:17]                                ; be8c0110
	s_branch BB2                                                ; bfa0fec9
BB105:
	s_mov_b64 exec, s[6:7]                                      ; befe0106
	v_cmpx_eq_i32_e32 1, v16                                    ; 7d842081
	s_cbranch_execz BB109                                       ; bfa50004
BB106:
	global_load_b32 v13, v[18:19], off offset:64                ; dc520040 0d7c0012
	v_cndmask_b32_e64 v14, 0, 1, s[2:3]                         ; d501000e 00090280
BB109:
	s_and_not1_b64 exec, s[6:7], exec                           ; 91fe7e06
	v_mov_b32_e32 v11, 0                                        ; 7e160280
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_mov_b32_e32 v13, -1                                       ; 7e1a02c1
	v_mov_b32_e32 v14, 0                                        ; 7e1c0280
	v_mov_b32_e32 v33, -1                                       ; 7e4202c1
BB111:
	s_load_b128 s[0:3], s[0:1], 0x10                            ; f4080000 f8000010
	s_mov_b64 exec, s[6:7]                                      ; befe0106
	v_lshlrev_b32_e32 v0, 4, v0                                 ; 30000084
	v_mov_b32_e32 v12, v33                                      ; 7e180321
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b128 v[11:14], v0, s[0:3], 0 offen             ; e0740000 80400b00
BB116:
	s_nop 0                                                     ; bf800000
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)                        ; bfb60003
	s_endpgm                                                    ; bfb00000
