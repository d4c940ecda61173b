// Fifty-two small items for lib.rs to re-export.
pub fn item01() -> u32 {
    1
}
pub fn item02() -> u32 {
    2
}
pub fn item03() -> u32 {
    3
}
pub fn item04() -> u32 {
    4
}
pub fn item05() -> u32 {
    5
}
pub fn item06() -> u32 {
    6
}
pub fn item07() -> u32 {
    7
}
pub fn item08() -> u32 {
    8
}
pub fn item09() -> u32 {
    9
}
pub fn item10() -> u32 {
    10
}
pub fn item11() -> u32 {
    11
}
pub fn item12() -> u32 {
    12
}
pub fn item13() -> u32 {
    13
}
pub fn item14() -> u32 {
    14
}
pub fn item15() -> u32 {
    15
}
pub fn item16() -> u32 {
    16
}
pub fn item17() -> u32 {
    17
}
pub fn item18() -> u32 {
    18
}
pub fn item19() -> u32 {
    19
}
pub fn item20() -> u32 {
    20
}
pub fn item21() -> u32 {
    21
}
pub fn item22() -> u32 {
    22
}
pub fn item23() -> u32 {
    23
}
pub fn item24() -> u32 {
    24
}
pub fn item25() -> u32 {
    25
}
pub fn item26() -> u32 {
    26
}
pub fn item27() -> u32 {
    27
}
pub fn item28() -> u32 {
    28
}
pub fn item29() -> u32 {
    29
}
pub fn item30() -> u32 {
    30
}
pub fn item31() -> u32 {
    31
}
pub fn item32() -> u32 {
    32
}
pub fn item33() -> u32 {
    33
}
pub fn item34() -> u32 {
    34
}
pub fn item35() -> u32 {
    35
}
pub fn item36() -> u32 {
    36
}
pub fn item37() -> u32 {
    37
}
pub fn item38() -> u32 {
    38
}
pub fn item39() -> u32 {
    39
}
pub fn item40() -> u32 {
    40
}
pub fn item41() -> u32 {
    41
}
pub fn item42() -> u32 {
    42
}
pub fn item43() -> u32 {
    43
}
pub fn item44() -> u32 {
    44
}
pub fn item45() -> u32 {
    45
}
pub fn item46() -> u32 {
    46
}
pub fn item47() -> u32 {
    47
}
pub fn item48() -> u32 {
    48
}
pub fn item49() -> u32 {
    49
}
pub fn item50() -> u32 {
    50
}
pub fn item51() -> u32 {
    51
}
pub fn item52() -> u32 {
    52
}
