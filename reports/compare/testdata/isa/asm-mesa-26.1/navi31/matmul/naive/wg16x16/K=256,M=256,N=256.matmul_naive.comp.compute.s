BB0:
	v_and_b32_e32 v1, 15, v0                                    ; 3602008f
	v_lshrrev_b32_e32 v0, 10, v0                                ; 3200008a
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_lshl_add_u32 v1, s6, 4, v1                                ; d6460001 04050806
	v_lshl_add_u32 v0, s7, 4, v0                                ; d6460000 04010807
	v_cmp_le_u32_e64 s[0:1], s4, v1                             ; d44b0000 00020204
	v_cmp_le_u32_e32 vcc, s3, v0                                ; 7c960003
	s_nor_b64 exec, vcc, s[0:1]                                 ; 8ffe006a
	s_cbranch_execz BB10                                        ; bfa50026
BB1:
	s_mov_b32 s0, 0                                             ; be800080
	v_mov_b32_e32 v2, 0                                         ; 7e040280
	s_set_inst_prefetch_distance 0x2                            ; bf840002
	s_branch BB2                                                ; bfa00014
BB4:
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b256 s[8:15], s[6:7], null                           ; f40c0203 f8000000
	v_mul_lo_u32 v3, v0, s5                                     ; d72c0003 00000b00
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(SALU_CYCLE_1) ; bf8704c1
	v_add_lshl_u32 v3, s0, v3, 2                                ; d6470003 020a0600
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b32 v3, v3, s[8:11], 0 offen                    ; e0500000 80420303
	s_mul_i32 s1, s0, s4                                        ; 96010400
	v_add_lshl_u32 v4, s1, v1, 2                                ; d6470004 020a0201
	buffer_load_b32 v4, v4, s[12:15], 0 offen                   ; e0500000 80430404
	s_add_u32 s0, s0, 1                                         ; 80008100
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_fmac_f32_e32 v2, v3, v4                                   ; 56040903
BB2:
	s_cmp_ge_u32 s0, s5                                         ; bf090500
	s_cbranch_scc0 BB4                                          ; bfa1ffea
BB5:
	s_set_inst_prefetch_distance 0x3                            ; bf840003
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_b128 s[0:3], s[2:3], 0x20                            ; f4080001 f8000020
	v_mul_lo_u32 v0, v0, s4                                     ; d72c0000 00000900
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v0, v0, v1, 2                                ; d6470000 020a0300
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v2, v0, s[0:3], 0 offen                    ; e0680000 80400200
BB10:
	s_endpgm                                                    ; bfb00000
