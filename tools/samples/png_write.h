// mote-samples: writes a screenshot as PNG (libpng).
#ifndef MOTE_SAMPLES_PNG_WRITE_H
#define MOTE_SAMPLES_PNG_WRITE_H

#include <cstdint>
#include <string>
#include <vector>

namespace samples {

// Writes width x height RGB pixels (top row first) to path; false with a message on stderr
// when the file cannot be written.
bool write_png(const std::string &path, int width, int height, const std::vector<uint8_t> &rgb);

} // namespace samples

#endif
